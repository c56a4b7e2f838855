/**
 * The embedded in-JVM fabric ({@code EmbeddedFabric}: SM, SA, SMAs, PMAs, fault injection, virtual time),
 * topologies, the ibsim/OpenSM harness, the kernel VM's host side, and {@code MadExpectations} for StepVerifier.
 * It reaches the core only through its API and the transport SPI. JUnit is optional: only the ibsim harness's
 * JUnit extension and the peers' {@code require()} (ibsim's, the kernel VM's) use it, so run-time users of the
 * fabric get no test library.
 */
module io.reactiveumad.test {
    requires transitive io.reactiveumad;
    requires static org.junit.jupiter.api;
    // Optional: only NoBlockingCalls, in a test run with BlockHound, uses it.
    requires static reactor.blockhound;
    requires org.slf4j;

    exports io.reactiveumad.test;
    exports io.reactiveumad.test.ibsim;
    exports io.reactiveumad.test.kernelvm;
    exports io.reactiveumad.test.topology;
}
