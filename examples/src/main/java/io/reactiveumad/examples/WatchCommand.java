package io.reactiveumad.examples;

import io.reactiveumad.client.NoticeEvent;
import io.reactiveumad.client.NoticeOptions;
import io.reactiveumad.client.Notices;
import io.reactiveumad.client.TrapSelector;
import java.io.PrintWriter;
import java.time.Instant;
import java.util.List;
import io.reactiveumad.examples.cli.CommandInfo;
import io.reactiveumad.examples.cli.Declaration;
import io.reactiveumad.examples.cli.Values;
import reactor.core.publisher.Flux;

final class WatchCommand extends FabricCommand {
    static final CommandInfo INFO = CommandInfo.of(WatchCommand.class, "watch",
            "Subscribe to traps at the SA (InformInfo) and print one line per notice as it arrives; subscriptions are "
                    + "renewed when the SM moves or restarts.");

    private List<Integer> traps;
    private Integer count;
    private boolean json;

    WatchCommand(CliContext context) {
        super(context);
    }

    @Override
    public void declare(Declaration d) {
        super.declare(d);
        d.option("--traps").label("N").defaultValue("64,65,66,67,128,144").split(",")
                .help("Trap numbers to subscribe to (default: ${DEFAULT-VALUE}).")
                .toList(Values.between(0, 0xFFFF), v -> traps = v);
        d.option("--count").label("N").help("Exit after N notices (default: run until interrupted).")
                .to(Values.atLeast(1), v -> count = v);
        d.flag("--json").help("One JSON object per line.").to(() -> json = true);
    }

    @Override
    public Integer call() {
        // Each renewal that failed is an event this command prints: the library's warning would say it again.
        Verbosity.quiet(Notices.class.getName());
        TrapSelector[] selectors = traps.stream().map(TrapSelector::trap).toArray(TrapSelector[]::new);
        try (Connection connection = transport.connect(err())) {
            connection.awaitActive(err(), "umad watch");
            NoticeFormat format = new NoticeFormat(connection.fabric()
                    .map(f -> FabricNames.of(f.topology())).orElse(FabricNames.none()));
            Flux<NoticeEvent> events = Connection.whileSaUnreachable(Notices.of(connection.port()).watch(selectors),
                            NoticeOptions.defaults()::renewalRetryDelay, err(), "umad watch")
                    .doOnNext(event -> {
                        if (event instanceof NoticeEvent.Subscribed) {
                            // The SM LID now, not at the start: the subscription may have waited for another SM.
                            err().printf("umad watch: subscribed to traps %s at the SA (lid %d) from %s; Ctrl-C to stop%n",
                                    traps, connection.port().attributes().smLid(), connection.port().spec());
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
