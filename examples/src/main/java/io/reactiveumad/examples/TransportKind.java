package io.reactiveumad.examples;

/** Where the CLI's MADs go. */
enum TransportKind {
    /** The kernel's {@code /dev/infiniband/umad*} devices. */
    KERNEL,
    /** An ibsim simulator server ({@code --sim-host} / {@code SIM_HOST} names the simulated node). */
    IBSIM,
    /** The in-JVM fabric of reactive-umad-test, loaded from {@code --topology} or the bundled default. */
    EMBEDDED
}
