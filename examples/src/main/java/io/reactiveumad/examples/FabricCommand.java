package io.reactiveumad.examples;

import java.io.PrintWriter;
import java.time.Duration;
import io.reactiveumad.discovery.DiscoveredFabric;
import io.reactiveumad.test.topology.DiscoveredTopology;
import io.reactiveumad.test.topology.IbnetdiscoverWriter;
import io.reactiveumad.test.topology.Node;
import java.util.function.UnaryOperator;
import reactor.core.scheduler.Schedulers;
import io.reactiveumad.examples.cli.CommandSpec;
import io.reactiveumad.examples.cli.Declaration;
import io.reactiveumad.examples.cli.Declares;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.Function;
import java.util.function.Supplier;
import io.reactiveumad.examples.cli.UsageException;
import reactor.core.Disposable;
import reactor.core.publisher.Mono;

/** A command that talks to a fabric: the shared transport options and the command line's writers. */
abstract class FabricCommand implements Callable<Integer>, Declares {
    /** A guard for one-shot queries: the clients time out and retry on their own well within it. */
    static final Duration QUERY_DEADLINE = Duration.ofSeconds(60);

    final CliContext context;
    final TransportOptions transport;
    CommandSpec spec;

    FabricCommand(CliContext context) {
        this.context = context;
        this.transport = new TransportOptions(context);
    }

    /** The transport options; a command adds its own after calling this. */
    @Override
    public void declare(Declaration d) {
        spec = d.spec();
        transport.declare(d);
    }

    PrintWriter out() {
        return spec.out();
    }

    PrintWriter err() {
        return spec.err();
    }

    /**
     * A discovery that gave up on some SMPs leaves nodes or ports out of what the command prints, as the tools'
     * does: each is said on stderr as this command's warning, and the exit code is 1 (README), 0 for a whole
     * discovery. A fabric of a partial scan, or read from a cache, has nothing to say.
     */
    int warnIfIncomplete(DiscoveredFabric discovered) {
        discovered.problems().forEach(problem -> err().println(spec.qualifiedName() + ": warning: " + problem));
        return discovered.complete() ? 0 : UmadCli.EXIT_FAILED;
    }

    /** ibnetdiscover's text of a fabric, and the exit code its discovery earned ({@link #warnIfIncomplete}). */
    record TopologyText(String text, int exit) {
    }

    /**
     * The fabric discovered now (within {@code deadline}) as ibnetdiscover's text, its nodes named by {@code names},
     * its writer set up by {@code options}: what the tools' scripts read (ibswitches, ibidsverify…).
     */
    TopologyText discoveredTopology(Duration deadline, Function<Node, String> names,
                                    UnaryOperator<IbnetdiscoverWriter> options) {
        DiscoveredFabric fabric;
        // The discovery's callbacks only record answers (for block() here): they run where the answers are read.
        try (Connection connection = transport.connect(err(), Schedulers.immediate())) {
            fabric = transport.discover(connection.port(), transport.discovery()).block(deadline);
        }
        if (fabric == null) {
            throw new IllegalStateException("discovery ended without a result");
        }
        int exit = warnIfIncomplete(fabric);
        return new TopologyText(DiscoveredTopology.toIbnetdiscover(NodeNameMap.none().rename(fabric), names, options),
                exit);
    }

    /**
     * Opens the port, makes a client on it, waits for what {@code ask} answers and releases everything:
     * the shape of every one-shot query command.
     */
    <C extends Disposable, T> T query(Function<Connection, C> client, Function<C, Mono<T>> ask, String what) {
        try (Connection connection = transport.connect(err())) {
            C opened = client.apply(connection);
            try {
                return await(ask.apply(opened), what);
            } finally {
                opened.dispose();
            }
        }
    }

    /**
     * One line of a command that holds something (a membership, a registration) for each thing that happens to it:
     * {@code event} and {@code text}, or with {@code json} one object, {@code event} first, then {@code fields}.
     * Flushed, so a reader of a pipe sees it when it happens.
     */
    void printEvent(boolean json, String event, Map<String, Object> fields, String text) {
        if (json) {
            Map<String, Object> line = new LinkedHashMap<>();
            line.put("event", event);
            line.putAll(fields);
            out().println(Json.line(line));
        } else {
            out().println(event + " " + text);
        }
        out().flush();
    }

    /** {@code parse} of an option's value, what it refuses (in the library's words) bad usage naming the option. */
    static <T> T value(String option, Supplier<T> parse) {
        try {
            return parse.get();
        } catch (IllegalArgumentException e) {
            throw new UsageException(option + ": " + e.getMessage());
        }
    }

    /** Waits for {@code answer} (at most {@link #QUERY_DEADLINE}); no answer at all is an error. */
    static <T> T await(Mono<T> answer, String what) {
        T value = answer.block(QUERY_DEADLINE);
        if (value == null) {
            throw new IllegalStateException(what + ": no answer");
        }
        return value;
    }
}
