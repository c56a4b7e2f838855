/**
 * The fabric as a web service: an HTTP API, a live page and Prometheus metrics over reactor-netty, on the
 * kernel, ibsim or the embedded fabric.
 */
module io.reactiveumad.service {
    requires transitive io.reactiveumad.test;
    requires reactor.netty.core;
    requires reactor.netty.http;
    requires io.netty.buffer;
    requires io.netty.codec.http;
    requires io.netty.transport;
    requires micrometer.core;
    requires micrometer.registry.prometheus;
    requires com.fasterxml.jackson.databind;
    requires org.slf4j;

    exports io.reactiveumad.service;
    // Jackson writes the service's views reflectively.
    opens io.reactiveumad.service to com.fasterxml.jackson.databind;
}
