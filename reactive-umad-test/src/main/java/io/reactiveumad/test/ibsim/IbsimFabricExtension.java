package io.reactiveumad.test.ibsim;

import java.util.Objects;
import java.util.function.Supplier;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Starts one {@link IbsimFabric} before a test class and stops it after, so the class's tests share it:
 *
 * <pre>{@code
 * @RegisterExtension
 * static final IbsimFabricExtension FABRIC = new IbsimFabricExtension(() ->
 *         IbsimFabric.builder().netFile(Path.of(".../net")).smNode("Hca1"));
 *
 * @Test void something() { FABRIC.fabric().diag("Hca2", "smpquery", "nodeinfo", "1"); }
 * }</pre>
 *
 * Missing peers fail the class under {@code umad.requirePeers=true} and skip it otherwise.
 */
public final class IbsimFabricExtension implements BeforeAllCallback, AfterAllCallback {
    private final Supplier<IbsimFabric.Builder> config;
    private IbsimFabric fabric;

    public IbsimFabricExtension(Supplier<IbsimFabric.Builder> config) {
        this.config = Objects.requireNonNull(config, "config");
    }

    @Override
    public void beforeAll(ExtensionContext context) {
        fabric = config.get().start();
    }

    @Override
    public void afterAll(ExtensionContext context) {
        if (fabric != null) {
            fabric.close();
            fabric = null;
        }
    }

    /** The running fabric; only between beforeAll and afterAll. */
    public IbsimFabric fabric() {
        if (fabric == null) {
            throw new IllegalStateException("the fabric runs only while its test class does");
        }
        return fabric;
    }
}
