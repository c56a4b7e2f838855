/**
 * The epoll event loop and the fd transports (kernel umad devices, the ibsim socket), through JNA. Its only
 * public package is the frame-level transport SPI, {@code io.reactiveumad.spi.channel}; the loop and the
 * transports themselves are exported to the reactive core alone (and the loop to the benchmarks), which wraps them as
 * {@code KernelTransport} and {@code IbsimTransport}.
 */
module io.reactiveumad.poll {
    requires transitive io.reactiveumad.mad;
    requires com.sun.jna;
    requires org.slf4j;

    exports io.reactiveumad.spi.channel;
    // The benchmarks measure the core on the real loop without a wire (InMemoryChannel).
    exports io.reactiveumad.poll to io.reactiveumad, io.reactiveumad.bench;
    exports io.reactiveumad.poll.ibsim to io.reactiveumad;
    exports io.reactiveumad.poll.kernel to io.reactiveumad;

    // JNA binds LibC's native methods and fills its Structures reflectively.
    opens io.reactiveumad.poll to com.sun.jna;
}
