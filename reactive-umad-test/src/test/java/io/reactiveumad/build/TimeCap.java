package io.reactiveumad.build;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * What the build's test plugins promise: JUnit times out every test and lifecycle method after the
 * cap (README: 300 s), and the forked JVM is killed after its own ceiling, so no test can hang the
 * build. Read from inside a running test: the configuration JUnit really got, and the fork ceiling
 * the plugin passes down.
 */
final class TimeCap implements BeforeEachCallback {
    static final String CAP = "300 s";
    private String junitTimeout;

    @Override
    public void beforeEach(ExtensionContext context) {
        junitTimeout = context.getConfigurationParameter("junit.jupiter.execution.timeout.default").orElse(null);
    }

    void assertCapped() {
        assertThat(junitTimeout).as("junit.jupiter.execution.timeout.default").isEqualTo(CAP);
        assertThat(System.getProperty("umad.forkTimeoutSeconds")).as("the fork's ceiling, seconds")
                .isNotNull().satisfies(s -> assertThat(Integer.parseInt(s)).isPositive());
    }
}
