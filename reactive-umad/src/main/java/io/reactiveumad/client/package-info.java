/**
 * Typed clients over {@link io.reactiveumad.MadAgent} and the notice service.
 *
 * <ul>
 *   <li>{@link io.reactiveumad.client.SmpClient}: subnet management Get/Set, LID routed or directed
 *       route ({@link io.reactiveumad.client.SmpRoute}), optional M_Key.</li>
 *   <li>{@link io.reactiveumad.client.PerfClient}: ClassPortInfo, PortCounters, PortCountersExtended
 *       (gated by the target's capability bits) and counter resets; a port's traffic every interval as a
 *       {@code Flux} of {@link io.reactiveumad.client.PortTraffic}.</li>
 *   <li>{@link io.reactiveumad.client.CcClient}: congestion control Get/Set (CongestionInfo, the CC_Key,
 *       the switch's, its ports' and the CA's settings, the CA's table, the log), with a CC_Key.</li>
 *   <li>{@link io.reactiveumad.client.MlnxClient}: Mellanox's vendor class as vendstat asks it (a device's
 *       firmware and hardware versions, its configuration space, a switch port's counter groups).</li>
 *   <li>{@link io.reactiveumad.client.SaClient}: SA Get/GetTable/Set/Delete with component masks;
 *       GetTable answers as a {@code Flux} of records; addressing from the port; follows a moving SA.</li>
 *   <li>{@link io.reactiveumad.client.Notices}: one refcounted InformInfo subscription per port and
 *       {@link io.reactiveumad.client.TrapSelector}, fanned out to every subscriber in the JVM, renewed
 *       automatically ({@link io.reactiveumad.client.NoticeEvent.Resubscribed}), released at JVM exit; the
 *       one way in is {@link io.reactiveumad.client.Notices#of}. The raw InformInfo Sets are
 *       {@link io.reactiveumad.client.SaClient#subscribe}/{@code unsubscribe}.</li>
 * </ul>
 *
 * Every client registers its agents on first use and releases them when disposed; results are the
 * {@code mad} module's immutable records. Keys (M_Key, SM_Key, CC_Key) are never logged nor shown by
 * {@code toString}.
 */
package io.reactiveumad.client;
