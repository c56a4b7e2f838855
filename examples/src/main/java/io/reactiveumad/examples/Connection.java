package io.reactiveumad.examples;

import io.reactiveumad.MadPort;
import io.reactiveumad.PortNotActiveException;
import io.reactiveumad.client.SaClient;
import io.reactiveumad.mad.attr.PortInfo;
import io.reactiveumad.spi.channel.PortAttributes;
import io.reactiveumad.test.EmbeddedFabric;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.Optional;
import java.util.function.IntFunction;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/** An opened local port, and the embedded fabric started for it if any; closing releases both. */
final class Connection implements AutoCloseable {
    /** Beyond the port's own bound on its releases: a transport that cannot release in this time is left to the exit hook. */
    private static final Duration CLOSE_DEADLINE = Duration.ofSeconds(10);
    /** How often {@link #awaitActive} reads a port's attributes again: as often as the tools' users would retry. */
    private static final Duration ACTIVE_POLL = Duration.ofSeconds(1);

    private final TransportKind kind;
    private final MadPort port;
    private final EmbeddedFabric fabric;

    Connection(TransportKind kind, MadPort port, EmbeddedFabric fabric) {
        this.kind = kind;
        this.port = port;
        this.fabric = fabric;
    }

    TransportKind kind() {
        return kind;
    }

    MadPort port() {
        return port;
    }

    /**
     * This port's attributes, which hold a LID of its own: else a {@link PortNotActiveException} saying what cannot be
     * done ({@code needed}), as the diag tools fail where they would send to LID 0. No SM has given the port one, or it
     * is a RoCE port, which has none; a port whose link went down keeps the LID it was given, and is asked there.
     */
    PortAttributes withOwnLid(String needed) {
        PortAttributes self = port.attributes();
        if (self.lid() == 0) {
            throw new PortNotActiveException(port.spec(), self, needed);
        }
        return self;
    }

    /**
     * Refuses to send a {@code what} (a vendor class: ping, sysstat, vendstat) to the master SM's node on ibsim. ibsim's
     * nodes serve no vendor class and hand such a request to the node's own client, and OpenSM under umad2sim segfaults
     * on one: ibping, ibsysstat and vendstat at the SM's LID kill it so. On real hardware the node's kernel or adapter
     * answers, and nothing is refused. This port's own LID is refused too when it is the SM's: ibsim hands the request
     * to the node's request receiver, OpenSM, not to this port.
     */
    void refuseSmNodeOnIbsim(int lid, String what) {
        if (kind == TransportKind.IBSIM && lid != 0 && lid == port.attributes().smLid()) {
            throw new IllegalStateException("lid " + lid + " is the master SM's node, and on ibsim " + what + " would go "
                    + "to OpenSM, which under umad2sim crashes on one (as on the Debian tool's). Nothing was asked");
        }
    }

    /** The embedded fabric behind the port, when the transport is {@link TransportKind#EMBEDDED}. */
    Optional<EmbeddedFabric> fabric() {
        return Optional.ofNullable(fabric);
    }

    /**
     * Returns once the port is Active and knows its SM, reading its attributes every {@link #ACTIVE_POLL} until then
     * and saying once on {@code err} what it waits for: a command that runs until stopped (a watch, a service, a
     * membership held) started before the SM brought its port up waits for it, where a one-shot query fails at once.
     * Ctrl-C ends the wait as it ends the command. A RoCE port, which no SM ever serves, fails at once.
     */
    void awaitActive(PrintWriter err, String command) {
        PortAttributes now = port.attributes();
        if (now.reachesSm()) {
            return;
        }
        if (now.isEthernet()) {
            throw new PortNotActiveException(port.spec(), now, "no SM to wait for");
        }
        err.printf("%s: waiting for port %s to be Active and told its SM (now %s, LID %d, SM LID %d); Ctrl-C to stop%n",
                command, port.spec(), PortInfo.stateName(now.state()), now.lid(), now.smLid());
        err.flush();
        Flux.interval(ACTIVE_POLL).concatMap(tick -> port.refresh())
                .filter(PortAttributes::reachesSm)
                .blockFirst();
    }

    /**
     * {@code stream} subscribed again while it fails because no SA can answer ({@link SaClient#unreachable}: the SM is
     * dead, restarting or standing by), after {@code delayAfter} the failures so far, each said on {@code err}: a
     * command that runs until stopped outlives an SM outage at its start as the library's renewals outlive one later.
     * Any other failure ends it, and so does Ctrl-C.
     */
    static <T> Flux<T> whileSaUnreachable(Flux<T> stream, IntFunction<Duration> delayAfter, PrintWriter err,
                                          String command) {
        return stream.retryWhen(SaClient.retryWhileUnreachable(delayAfter, (failure, delay) -> {
            err.printf("%s: no SA answers (%s); trying again in %d s; Ctrl-C to stop%n", command,
                    Errors.describe(failure), Math.max(1, delay.toSeconds()));
            err.flush();
        }));
    }

    /**
     * Closes the port and waits for it (its releases, then the channel: an ibsim slot, a kernel fd) before
     * the fabric behind it closes, so nothing is left for the JVM's exit hook to close under it.
     */
    @Override
    public void close() {
        port.close().timeout(CLOSE_DEADLINE, Mono.empty()).block();
        if (fabric != null) {
            fabric.close();
        }
    }
}
