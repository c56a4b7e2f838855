/**
 * JMH benchmarks and the side-by-side comparisons with the C tools, built only on the public API and the
 * embedded fabric.
 */
module io.reactiveumad.bench {
    requires io.reactiveumad.test;
    requires jmh.core;

    // JMH instantiates the generated benchmark classes reflectively.
    opens io.reactiveumad.bench;
    opens io.reactiveumad.bench.jmh_generated;
}
