/**
 * reactive-umad: InfiniBand management datagrams as Reactor streams. The API is {@code io.reactiveumad}
 * ({@code Umad}, {@code Transport}, {@code MadPort}, {@code MadAgent}, the options and the transports),
 * {@code io.reactiveumad.client} (SMP, SA, PerfMgt, Notices), {@code io.reactiveumad.discovery},
 * {@code io.reactiveumad.fabric} (fabric-wide operations over a discovered fabric), and the
 * transport SPI, {@code io.reactiveumad.spi} with {@code io.reactiveumad.spi.channel}. The implementation,
 * {@code io.reactiveumad.internal}, is not exported.
 */
module io.reactiveumad {
    requires transitive io.reactiveumad.mad;
    requires transitive io.reactiveumad.poll;
    requires transitive io.reactiveumad.operators;
    requires transitive reactor.core;
    requires org.slf4j;
    // Optional: only a test run that installs BlockHound loads the integration that names the loop threads.
    requires static reactor.blockhound;

    exports io.reactiveumad;
    exports io.reactiveumad.client;
    exports io.reactiveumad.discovery;
    exports io.reactiveumad.fabric;
    exports io.reactiveumad.spi;

    provides reactor.blockhound.integration.BlockHoundIntegration with io.reactiveumad.internal.LoopThreadsAreNonBlocking;
}
