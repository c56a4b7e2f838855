package io.reactiveumad.examples;

import io.reactiveumad.service.FabricDemo;
import io.reactiveumad.service.FabricService;
import io.reactiveumad.service.ServiceOptions;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import io.reactiveumad.examples.cli.CommandInfo;
import io.reactiveumad.examples.cli.Declaration;
import io.reactiveumad.examples.cli.Values;
import io.reactiveumad.MadPort;
import reactor.core.Disposable;
import reactor.core.publisher.Mono;

final class ServeCommand extends FabricCommand {
    static final CommandInfo INFO = CommandInfo.of(ServeCommand.class, "serve",
            "Serve a live view of the fabric over HTTP: a page (topology, notices, port counters, the SM), "
                    + "Server-Sent Events at /events, JSON at /api/nodes, /api/links, /api/ports/LID/PORT/counters "
                    + "and Prometheus metrics at /metrics. On the fabric every command finds (with --demo the embedded "
                    + "one).");

    /** Discovery and the trap subscriptions; the clients retry well within it. */
    private static final Duration START_DEADLINE = Duration.ofSeconds(60);

    private int httpPort;
    private String httpHost;
    private double sweepSeconds;
    private boolean demo;
    private double demoSeconds;
    private Double durationSeconds;

    ServeCommand(CliContext context) {
        super(context);
    }

    @Override
    public void declare(Declaration d) {
        super.declare(d);
        d.option("--http-port").label("N").defaultValue("8080")
                .help("The HTTP port (0: any free one; default: ${DEFAULT-VALUE}).")
                .to(Values.between(0, 65535), v -> httpPort = v);
        d.option("--http-host").label("ADDRESS").defaultValue("127.0.0.1")
                .help("The address to listen on (default: ${DEFAULT-VALUE}, this machine only).")
                .to(Values::text, v -> httpHost = v);
        d.option("--sweep").label("SECONDS").defaultValue("5")
                .help("Read every cabled port's PortCounters this often (default: ${DEFAULT-VALUE}).")
                .to(Values::decimal, v -> sweepSeconds = v);
        d.flag("--demo").help("Embedded fabric only: flap links and raise counters every --demo-period so the page "
                + "moves.")
                .to(() -> demo = true);
        d.option("--demo-period").label("SECONDS").defaultValue("3")
                .help("How often --demo changes the fabric (default: ${DEFAULT-VALUE}).")
                .to(Values::decimal, v -> demoSeconds = v);
        d.option("--duration").label("SECONDS").help("Stop after this long (default: until interrupted).")
                .to(Values::decimal, v -> durationSeconds = v);
    }

    @Override
    public Integer call() {
        if (demo && transport.kind != null && transport.kind != TransportKind.EMBEDDED) {
            throw new IllegalArgumentException("--demo changes the fabric, so it runs on the embedded fabric only");
        }
        boolean interrupted;
        ServiceOptions options = ServiceOptions.DEFAULT.withHost(httpHost).withHttpPort(httpPort)
                .withSweepInterval(seconds(sweepSeconds, "--sweep"));
        try (Connection connection = openActive();
             FabricService service = await(FabricService.start(connection.port(), options).timeout(START_DEADLINE),
                     "starting the service")) {
            Disposable changes = demo ? FabricDemo.start(connection.fabric().orElseThrow(), connection.port().spec().device(),
                    seconds(demoSeconds, "--demo-period")) : () -> { };
            try {
                out().printf("serving %s on %s (%s port "
                        + "%d)%s%n", service.url(), connection.kind().name().toLowerCase(java.util.Locale.ROOT),
                        connection.port().spec().device(), connection.port().spec().port(), demo ? "; demo: the "
                                + "fabric changes every "
                                + demoSeconds + " s" : "");
                out().flush();
                interrupted = awaitStop(connection.port());
                if (!interrupted && connection.port().isDisposed()) {
                    Throwable why = connection.port().refresh().then(Mono.<Throwable>empty())
                            .onErrorResume(Mono::just).block(Duration.ofSeconds(5));
                    throw new IllegalStateException("the fabric port closed under the service"
                            + (why == null ? "" : ": " + Errors.describe(why)));
                }
            } finally {
                changes.dispose();
            }
        }
        if (interrupted) {
            // Set again only now: closing the server and the port above waits, which the flag would abort.
            Thread.currentThread().interrupt();
        }
        return 0;
    }

    /** The port to serve, once it is Active: a service started before the SM waits for it. */
    private Connection openActive() {
        // The fabric every command finds (the kernel's, a reachable ibsim, else the embedded one); --demo changes its
        // fabric, which only the embedded one lets it do.
        Connection connection = demo && transport.kind == null ? transport.openEmbedded() : transport.connect(err());
        try {
            connection.awaitActive(err(), "umad serve");
            return connection;
        } catch (RuntimeException e) {
            connection.close();
            throw e;
        }
    }

    /**
     * Waits for --duration, or until interrupted, which is how an embedding program (or a test) stops the
     * command: a normal end; or until the port closes under the service (its device or simulator gone), when
     * serving a fabric it no longer sees would only hide that. Returns whether it was interrupted.
     */
    private boolean awaitStop(MadPort port) {
        CountDownLatch stop = new CountDownLatch(1);
        Disposable closed = port.onDispose().subscribe(null, e -> stop.countDown(), stop::countDown);
        try {
            if (durationSeconds == null) {
                stop.await();
            } else {
                stop.await(seconds(durationSeconds, "--duration").toMillis(), TimeUnit.MILLISECONDS);
            }
            return false;
        } catch (InterruptedException interrupted) {
            return true;
        } finally {
            closed.dispose();
        }
    }

    private static Duration seconds(double value, String option) {
        if (!(value > 0)) {
            throw new IllegalArgumentException(option + " must be a positive number of seconds: " + value);
        }
        return Duration.ofMillis(Math.round(value * 1000));
    }
}
