package io.reactiveumad.examples;

import io.reactiveumad.client.NoticeEvent;
import io.reactiveumad.client.Notices;
import io.reactiveumad.client.TrapSelector;
import java.io.PrintWriter;
import java.time.Instant;
import java.util.List;
import io.reactiveumad.examples.cli.Command;
import io.reactiveumad.examples.cli.Option;
import io.reactiveumad.examples.cli.UsageException;
import reactor.core.publisher.Flux;

@Command(name = WatchCommand.NAME, description = "Subscribe to traps at the SA (InformInfo) and print one line per notice as it arrives; "
                + "subscriptions are renewed when the SM moves or restarts.")
final class WatchCommand extends FabricCommand {
    /** The subcommand's name, a constant so {@link UmadCli} can pick it without reading annotations. */
    static final String NAME = "watch";

    @Option(names = "--traps", split = ",", paramLabel = "N", defaultValue = "64,65,66,67,128,144",
            description = "Trap numbers to subscribe to (default: ${DEFAULT-VALUE}).")
    List<Integer> traps;

    @Option(names = "--count", paramLabel = "N", description = "Exit after N notices (default: run until interrupted).")
    Long count;

    @Option(names = "--json", description = "One JSON object per line.")
    boolean json;

    @Override
    public Integer call() {
        if (count != null && count < 1) {
            throw new UsageException("--count must be at least 1: " + count);
        }
        for (int trap : traps) {
            if (trap < 0 || trap > 0xFFFF) {
                throw new UsageException("--traps: " + trap + " is not a trap number (0..65535)");
            }
        }
        TrapSelector[] selectors = traps.stream().map(TrapSelector::trap).toArray(TrapSelector[]::new);
        try (Connection connection = transport.connect(err())) {
            NoticeFormat format = new NoticeFormat(connection.fabric()
                    .map(f -> FabricNames.of(f.topology())).orElse(FabricNames.none()));
            String subscribed = String.format("umad watch: subscribed to traps %s at the SA (lid %d) from %s; Ctrl-C to stop",
                    traps, connection.port().attributes().smLid(), connection.port().spec());
            Flux<NoticeEvent> events = Notices.of(connection.port()).watch(selectors)
                    .doOnNext(event -> {
                        if (event instanceof NoticeEvent.Subscribed) {
                            err().println(subscribed);
                            err().flush();
                        } else {
                            print(out(), format, event);
                        }
                    });
            if (count != null) {
                events = events.filter(NoticeEvent.Received.class::isInstance).take(count);
            }
            events.blockLast();
            // Unsubscribing is asynchronous: on the embedded fabric, let it finish before the port closes.
            connection.fabric().ifPresent(fabric -> DemoCommand.awaitSubscriptions(fabric, 0));
        }
        return 0;
    }

    private void print(PrintWriter out, NoticeFormat format, NoticeEvent event) {
        Instant now = Instant.now();
        out.println(json ? Json.line(format.json(now, event)) : format.text(now, event));
        out.flush();
    }
}
