/**
 * Fabric-wide operations built on the clients, as infiniband-diags' tools do them but with many MADs in
 * flight: switch forwarding tables and the endpoints behind LIDs ({@link io.reactiveumad.fabric.Routing}).
 */
package io.reactiveumad.fabric;
