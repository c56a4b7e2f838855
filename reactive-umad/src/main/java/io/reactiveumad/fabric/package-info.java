/**
 * Fabric-wide operations built on the clients, as infiniband-diags' tools do them but with many MADs in
 * flight: switch forwarding tables and the endpoints behind LIDs ({@link io.reactiveumad.fabric.Routing}), route
 * traces, the error sweep ({@link io.reactiveumad.fabric.ErrorSweep}), the link report
 * ({@link io.reactiveumad.fabric.Links}) and every device's firmware ({@link io.reactiveumad.fabric.FirmwareInventory}).
 */
package io.reactiveumad.fabric;
