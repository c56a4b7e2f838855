package io.reactiveumad.examples;

import io.reactiveumad.AgentSpec;
import io.reactiveumad.MadAgent;
import io.reactiveumad.PortClosedException;
import io.reactiveumad.examples.cli.CommandInfo;
import io.reactiveumad.examples.cli.Declaration;
import io.reactiveumad.examples.cli.UsageException;
import io.reactiveumad.examples.cli.Values;
import io.reactiveumad.mad.Mad;
import io.reactiveumad.mad.MadAddress;
import io.reactiveumad.mad.MadHeader;
import io.reactiveumad.mad.Method;
import io.reactiveumad.mad.VendorRange2Header;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * ibping both ways: pings a port's ibping server (a Get of the OpenIB ping class, vendor class 0x32, answered with
 * the server's host and domain names), or with -S is that server for ibping and for us. Statistics at the end, or at
 * Ctrl-C.
 */
final class PingCommand extends FabricCommand {
    static final CommandInfo INFO = CommandInfo.of(PingCommand.class, "ping",
            "Ping a port's ibping server (vendor class 0x32, the OpenIB OUI) once a second, or back to back with -f; "
                    + "with -S answer pings as an ibping server (as ibping).");

    /** IB_VENDOR_OPENIB_PING_CLASS: vendor range 2's third class. */
    static final int PING_CLASS = 0x32;
    /** IB_OPENIB_OUI. */
    static final int OPENIB_OUI = 0x001405;

    private final GsiDestination destination = new GsiDestination();
    private Long count;
    private boolean flood;
    private int oui;
    private boolean server;
    private boolean json;

    PingCommand(CliContext context) {
        super(context);
    }

    @Override
    public void declare(Declaration d) {
        super.declare(d);
        transport.declareSmPort(d);
        destination.declare(d, "The port to ping: its LID, with -G its port GUID.");
        d.option("-c", "--count").label("N").help("Stop after N pings, or with -S after answering N (a resend counted "
                + "once; default: until interrupted).")
                .to(Values.atLeast(1), v -> count = (long) v);
        d.flag("-f", "--flood").help("Ping back to back, printing only the statistics.").to(() -> flood = true);
        d.option("-o", "--oui").label("OUI").defaultValue("0x001405").help("The OUI to ping under (default: OpenIB's).")
                .to(Values.between(0, AgentSpec.MAX_OUI), v -> oui = v);
        d.flag("-S", "--Server").help("Answer pings until interrupted, with this host's name (as ibping -S).")
                .to(() -> server = true);
        d.flag("--json").help("Print the statistics as JSON at the end (or at Ctrl-C), no line per pong.")
                .to(() -> json = true);
    }

    @Override
    public Integer call() {
        if (server) {
            return serve();
        }
        if (!destination.given()) {
            throw new UsageException("give the LID (or with -G the port GUID, or --dgid the GID) to ping, or -S to serve "
                    + "pings");
        }
        return ping();
    }

    private int serve() {
        byte[] name = VendorText.hostAndDomain();
        boolean interrupted;
        try (Connection connection = transport.connect(err())) {
            MadAgent agent = await(connection.port().agent(AgentSpec.vendor(PING_CLASS, 1, oui).withMethods(Method.GET)),
                    "the ping server's agent");
            err().println("umad ping: answering pings on " + connection.port().spec() + " as "
                    + new String(name, StandardCharsets.UTF_8) + "; Ctrl-C stops");
            err().flush();
            // Each ping answered with its own bytes, the name in its data: its TID, class and OUI go back as they came.
            interrupted = QuestionServer.serve("ping", "pings", agent.receive(), count, pings -> pings.concatMap(ping ->
                    agent.respond(ping, ping.mad().with(b -> b.put(VendorRange2Header.DATA_OFFSET, name))).thenReturn(ping)
                            .onErrorResume(e -> !PortClosedException.endsThePort(e), e -> {
                                err().println("umad ping: an answer to " + ping.source() + " failed: " + e.getMessage());
                                return Mono.empty();
                            })), err());
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        return 0;
    }

    /** Running statistics, printed at the end or by the shutdown hook at Ctrl-C. */
    private static final class Stats {
        /** When pinging began (ibping's clock starts once the destination is resolved, not with the port). */
        private long start = System.nanoTime();
        long sent;
        long replied;
        long minNanos = Long.MAX_VALUE;
        long maxNanos;
        long totalNanos;
        volatile String host = "";

        synchronized void begin() {
            start = System.nanoTime();
        }

        synchronized void sent() {
            sent++;
        }

        synchronized void replied(long nanos, String from) {
            replied++;
            minNanos = Math.min(minNanos, nanos);
            maxNanos = Math.max(maxNanos, nanos);
            totalNanos += nanos;
            if (host.isEmpty()) {
                host = from;
            }
        }

        synchronized Map<String, Object> json(String node) {
            Map<String, Object> out = new LinkedHashMap<>();
            out.put("host", host.isEmpty() ? null : host);
            out.put("destination", node);
            out.put("transmitted", sent);
            out.put("received", replied);
            out.put("lossPercent", sent == 0 ? 0 : (sent - replied) * 100 / sent);
            out.put("timeMs", (System.nanoTime() - start) / 1_000_000);
            Map<String, Object> rtt = new LinkedHashMap<>();
            rtt.put("min", replied == 0 ? 0.0 : minNanos / 1e6);
            rtt.put("avg", replied == 0 ? 0.0 : totalNanos / replied / 1e6);
            rtt.put("max", maxNanos / 1e6);
            out.put("rttMs", rtt);
            return out;
        }

        synchronized String report(String node) {
            long lost = sent - replied;
            return String.format(Locale.ROOT, "%n--- %s (%s) ibping statistics ---%n%d packets transmitted, %d received, "
                            + "%d%% packet loss, time %d ms%nrtt min/avg/max = %s/%s/%s ms%n", host, node, sent, replied,
                    sent == 0 ? 0 : lost * 100 / sent, (System.nanoTime() - start) / 1_000_000,
                    millis(replied == 0 ? 0 : minNanos), millis(replied == 0 ? 0 : totalNanos / replied), millis(maxNanos));
        }
    }

    private int ping() {
        Stats stats = new Stats();
        PrintWriter out = out();
        Thread report;
        String label;
        try (Connection connection = transport.connect(err())) {
            MadAgent agent = await(connection.port().agent(AgentSpec.vendor(PING_CLASS, 1, oui)), "the ping agent");
            MadAddress to = destination.address(connection, transport);
            connection.refuseSmNodeOnIbsim(to.lid(), "a ping");
            label = destination.label(to);
            // From here on Ctrl-C prints the statistics: not before, where a bad destination has nothing to report.
            report = new Thread(() -> {
                out.print(report(stats, label));
                out.flush();
            }, "umad-ping-report");
            Runtime.getRuntime().addShutdownHook(report);
            Mad get = Mad.build(MadHeader.MAD_SIZE, b -> {
                new MadHeader().wrap(b, 0).mgmtClass(PING_CLASS).classVersion(1).methodByte(Method.GET).attributeId(0);
                new VendorRange2Header().wrap(b, 0).oui(oui);
            });
            long pings = count == null ? Long.MAX_VALUE : count;
            stats.begin();
            Flux.<Long>generate(sink -> sink.next(0L)).take(pings)
                    .concatMap(i -> {
                        stats.sent();
                        long sent = System.nanoTime();
                        return agent.request(get, to)
                                .doOnNext(answer -> {
                                    long rtt = System.nanoTime() - sent;
                                    String from = VendorText.read(answer);
                                    stats.replied(rtt, from);
                                    if (!flood && !json) {
                                        out.printf(Locale.ROOT, "Pong from %s (%s): time %s ms%n", from, label, millis(rtt));
                                        out.flush();
                                    }
                                })
                                // A lost ping is counted; a closed port (a dead peer, Ctrl-C) ends the pinging.
                                .onErrorResume(lostPing -> !PortClosedException.endsThePort(lostPing),
                                        lostPing -> Mono.empty())
                                .then(flood ? Mono.empty() : Mono.delay(Duration.ofSeconds(1)).then());
                    }, 1)
                    .blockLast();
        }
        Runtime.getRuntime().removeShutdownHook(report);
        out.print(report(stats, label));
        return 0;
    }

    private String report(Stats stats, String node) {
        return json ? Json.pretty(stats.json(node)) + System.lineSeparator() : stats.report(node);
    }

    private static String millis(long nanos) {
        long micros = nanos / 1000;
        return String.format(Locale.ROOT, "%d.%03d", micros / 1000, micros % 1000);
    }
}
