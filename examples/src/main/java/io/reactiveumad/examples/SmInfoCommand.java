package io.reactiveumad.examples;

import io.reactiveumad.client.SmpRoute;
import io.reactiveumad.examples.cli.CommandInfo;
import io.reactiveumad.examples.cli.Declaration;
import io.reactiveumad.examples.cli.Values;
import io.reactiveumad.mad.attr.SmInfo;
import io.reactiveumad.service.FabricJson;
import io.reactiveumad.service.Routes;
import java.util.LinkedHashMap;
import java.util.Map;

/** The subnet manager's SMInfo as sminfo prints it: its GUID, activity count, priority and state (never its SM_Key). */
final class SmInfoCommand extends FabricCommand {
    static final CommandInfo INFO = CommandInfo.of(SmInfoCommand.class, "sminfo",
            "The subnet manager's SMInfo (as sminfo): the master SM the local port knows, or the SM at a LID or "
                    + "directed route.");
    private static final String[] STATES = {"SMINFO_NOTACT", "SMINFO_DISCOVER", "SMINFO_STANDBY", "SMINFO_MASTER"};

    private String target;
    private boolean directed;
    private boolean json;

    SmInfoCommand(CliContext context) {
        super(context);
    }

    @Override
    public void declare(Declaration d) {
        super.declare(d);
        transport.declareMKey(d);
        d.parameter("SM_LID|PATH").optional()
                .help("The SM's LID, with -D its directed route (default: the master SM the local port knows).")
                .to(Values::text, v -> target = v);
        d.flag("-D", "--Direct").help("The SM is a directed route from the local port.").to(() -> directed = true);
        d.flag("--json").help("Print JSON.").to(() -> json = true);
    }

    @Override
    public Integer call() {
        record Answer(SmpRoute route, SmInfo info) {
        }
        Answer answer = query(c -> transport.smp(c.port()), smp -> {
            SmpRoute route = target == null ? SmpRoute.lid(smp.port().attributes().smLid())
                    : Routes.target(target, directed);
            return smp.smInfo(route).map(info -> new Answer(route, info));
        }, "SMInfo of " + (target == null ? "the master SM" : target));
        SmInfo info = answer.info();
        int lid = answer.route() instanceof SmpRoute.LidRouted l ? l.lid() : 0;
        if (json) {
            Map<String, Object> out = new LinkedHashMap<>();
            out.put("lid", lid);
            out.put("guid", FabricJson.hex(info.guid()));
            out.put("actCount", info.actCount());
            out.put("priority", info.priority());
            out.put("state", info.smState());
            out().println(Json.pretty(out));
            return 0;
        }
        out().printf("sminfo: sm lid %d sm guid 0x%x, activity count %d priority %d state %d %s%n", lid, info.guid(),
                info.actCount(), info.priority(), info.smState(),
                info.smState() < STATES.length ? STATES[info.smState()] : "???");
        return 0;
    }
}
