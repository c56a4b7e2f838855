/**
 * MADs as Reactor operators: TID correlation ({@code TidTable}), backpressure with an overflow policy
 * ({@code Inbox}, {@code OverflowPolicy}) and RMPP segmentation and reassembly ({@code Rmpp},
 * {@code RmppOptions}). No JNA, no transport.
 */
module io.reactiveumad.operators {
    requires transitive io.reactiveumad.mad;
    requires transitive reactor.core;
    requires transitive org.reactivestreams;
    requires org.slf4j;

    exports io.reactiveumad.operators;
}
