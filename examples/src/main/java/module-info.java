/**
 * The {@code ./umad} command line: watch, discover, smp, sa, perf, fabric and demo, over the kernel, ibsim
 * or the embedded fabric. An application built only on the public API
 * and the embedded fabric; its command-line parser is its own ({@code io.reactiveumad.examples.cli}).
 */
module io.reactiveumad.examples {
    requires io.reactiveumad.test;
    requires io.reactiveumad.service;
    requires com.fasterxml.jackson.databind;
    requires com.sun.jna;
    requires org.slf4j;

    // Jackson writes the JSON views.
    opens io.reactiveumad.examples to com.fasterxml.jackson.databind;
}
