/**
 * The {@code ./umad} command line: watch, discover, smp, sa, perf, fabric and demo, over the kernel, ibsim
 * or the embedded fabric. An application built only on the public API, the embedded fabric and picocli.
 */
module io.reactiveumad.examples {
    requires io.reactiveumad.test;
    requires io.reactiveumad.service;
    requires info.picocli;
    requires com.fasterxml.jackson.databind;
    requires com.sun.jna;
    requires org.slf4j;

    // picocli fills the commands' options reflectively; Jackson writes the JSON views.
    opens io.reactiveumad.examples to info.picocli, com.fasterxml.jackson.databind;
}
