package io.reactiveumad.bench;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Each benchmark body runs once, so a benchmark cannot rot unnoticed between JMH runs. Measures nothing. */
class BenchmarksRunTest {

    @Test
    void requestBenchmarkCompletesABatch() {
        RequestBenchmark bench = new RequestBenchmark();
        bench.outstanding = 64;
        bench.open();
        try {
            assertThat(bench.portCounters()).isEqualTo(RequestBenchmark.BATCH);
        } finally {
            bench.close();
        }
    }

    @Test
    void codecBenchmarkBodiesRun() {
        CodecBenchmark bench = new CodecBenchmark();
        bench.build();
        assertThat(bench.headerFields()).isPositive();
        assertThat(bench.portInfoDecode()).isNotNull();
        assertThat(bench.portInfoRoundTrip().array()).isNotEmpty();
    }
}
