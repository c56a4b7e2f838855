package io.reactiveumad.examples;

import io.reactiveumad.MadPort;
import io.reactiveumad.PortNotActiveException;
import io.reactiveumad.client.SmpClient;
import io.reactiveumad.client.SmpRoute;
import io.reactiveumad.examples.cli.CommandInfo;
import io.reactiveumad.examples.cli.Declaration;
import io.reactiveumad.examples.cli.UsageException;
import io.reactiveumad.examples.cli.Values;
import io.reactiveumad.mad.attr.SmInfo;
import io.reactiveumad.service.FabricJson;
import io.reactiveumad.spi.channel.PortAttributes;
import java.util.LinkedHashMap;
import java.util.Map;
import reactor.core.publisher.Mono;

/**
 * The subnet manager's SMInfo as sminfo prints it: its GUID, activity count, priority and state (never its SM_Key);
 * with a modifier, sminfo's SubnSet(SMInfo): an SM-to-SM control (handover, acknowledge, disable, standby, discover)
 * carrying -s's state, -p's priority and -a's activity count.
 */
final class SmInfoCommand extends FabricCommand {
    static final CommandInfo INFO = CommandInfo.of(SmInfoCommand.class, "sminfo",
            "The subnet manager's SMInfo (as sminfo): the master SM the local port knows, or the SM at a LID or "
                    + "directed route; with a MODIFIER, a SubnSet(SMInfo) of that control to it.");
    private static final String[] STATES = {"SMINFO_NOTACT", "SMINFO_DISCOVER", "SMINFO_STANDBY", "SMINFO_MASTER"};
    /** sminfo's default -s: the state its Set carries unless told otherwise. */
    private static final int STANDBY = 2;

    private final NodeTarget target = new NodeTarget("SM", "The SM's LID, with -D its directed route, with -G its port "
            + "GUID (default: the master SM the local port knows).", true);
    /** SMInfo's attribute modifier: 0 asks (a Get), 1-5 is the control a Set sends. */
    private int modifier;
    private int state = STANDBY;
    private int priority;
    private long activity;
    private boolean setFieldsGiven;
    private boolean json;

    SmInfoCommand(CliContext context) {
        super(context);
    }

    @Override
    public void declare(Declaration d) {
        super.declare(d);
        transport.declareMKey(d);
        target.declare(d);
        d.parameter("MODIFIER").optional()
                .help("0 asks (the default); else a SubnSet(SMInfo) with this control, as sminfo's modifier: "
                        + "1 handover, 2 acknowledge, 3 disable, 4 standby, 5 discover.")
                .to(Values.between(0, 5), v -> modifier = v);
        d.option("-s", "--state").label("0-3")
                .help("The SMState a Set carries (default: 2, standby; as sminfo -s).")
                .to(Values.between(0, 3), v -> {
                    state = v;
                    setFieldsGiven = true;
                });
        d.option("-p", "--priority").label("0-15").help("The priority a Set carries (default: 0; as sminfo -p).")
                .to(Values.between(0, 15), v -> {
                    priority = v;
                    setFieldsGiven = true;
                });
        d.option("-a", "--activity").label("N").help("The activity count a Set carries (default: 0; as sminfo -a).")
                .to(Values.upTo(0xFFFF_FFFFL), v -> {
                    activity = v;
                    setFieldsGiven = true;
                });
        d.flag("--json").help("Print JSON.").to(() -> json = true);
    }

    @Override
    public Integer call() {
        target.check();
        if (setFieldsGiven && modifier == 0) {
            // sminfo would send them nowhere: a Get carries no SMInfo of ours.
            throw new UsageException("-s, -p and -a are what a Set carries: give a MODIFIER (1-5) to send one");
        }
        record Answer(SmpRoute route, SmInfo info) {
        }
        Answer answer = query(c -> transport.smp(c.port()), smp -> route(smp)
                .flatMap(route -> (modifier == 0 ? smp.smInfo(route)
                        : smp.setSmInfo(route, modifier, new SmInfo(0, 0, activity, priority, state)))
                        .map(info -> new Answer(route, info))),
                "SMInfo of " + (target.text() == null ? "the master SM" : target.text()));
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

    /** Where the SMP goes: the master SM the port knows, or the one named. */
    private Mono<SmpRoute> route(SmpClient smp) {
        return target.text() == null ? Mono.fromSupplier(() -> SmpRoute.lid(knownSm(smp.port())))
                : target.route(smp, transport);
    }

    private static int knownSm(MadPort port) {
        PortAttributes self = port.attributes();
        if (!self.reachesSm()) {
            throw new PortNotActiveException(port.spec(), self, "no SM to ask");
        }
        return self.smLid();
    }
}
