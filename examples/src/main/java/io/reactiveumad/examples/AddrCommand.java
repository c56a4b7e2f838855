package io.reactiveumad.examples;

import io.reactiveumad.examples.cli.CommandInfo;
import io.reactiveumad.examples.cli.Declaration;
import io.reactiveumad.examples.cli.Values;
import io.reactiveumad.mad.Gid;
import io.reactiveumad.mad.attr.NodeInfo;
import io.reactiveumad.mad.attr.PortInfo;
import java.util.LinkedHashMap;
import java.util.Map;
import reactor.core.publisher.Mono;

/** A port's addresses as ibaddr prints them: its GID and its LID range. */
final class AddrCommand extends FabricCommand {
    static final CommandInfo INFO = CommandInfo.of(AddrCommand.class, "addr",
            "A port's GID and LID range (as ibaddr): the local port's, or the one at a LID, a directed route or a port "
                    + "GUID.");

    private final NodeTarget target = new NodeTarget("port",
            "The port's LID, with -D its directed route, with -G its GUID (default: the local port).", true);
    private Integer portNumber;
    private boolean gidOnly;
    private boolean lidOnly;
    private boolean decimalLidOnly;
    private boolean json;

    AddrCommand(CliContext context) {
        super(context);
    }

    @Override
    public void declare(Declaration d) {
        super.declare(d);
        transport.declareMKey(d);
        transport.declareSmPort(d);
        target.declare(d);
        d.parameter("PORT").optional().help("The port number (default: the one the query arrives by; a switch's 0).")
                .to(Values.between(0, 254), v -> portNumber = v);
        d.flag("-g", "--gid_show").help("Only the GID (as ibaddr -g).").to(() -> gidOnly = true);
        d.flag("-l", "--lid_show").help("Only the LID range (as ibaddr -l).").to(() -> lidOnly = true);
        d.flag("-L", "--Lid_show").help("Only the LID range, in decimal (as ibaddr -L).").to(() -> decimalLidOnly = true);
        d.flag("--json").help("Print JSON.").to(() -> json = true);
    }

    private record Address(Gid gid, int lid, int lmc) {
    }

    @Override
    public Integer call() {
        target.check();
        int port = portNumber == null ? 0 : portNumber;
        Address address = query(c -> transport.smp(c.port()), smp -> target.route(smp, transport).flatMap(route -> Mono.zip(
                smp.nodeInfo(route), smp.portInfo(route, port),
                (NodeInfo ni, PortInfo pi) -> new Address(new Gid(pi.gidPrefix(), ni.portGuid()), pi.lid(), pi.lmc()))),
                "the address of " + (target.text() == null ? "the local port" : target.text()));
        int last = address.lid() + (1 << address.lmc()) - 1;
        if (json) {
            Map<String, Object> out = new LinkedHashMap<>();
            out.put("gid", address.gid().toString());
            out.put("lid", address.lid());
            out.put("lastLid", last);
            out().println(Json.pretty(out));
            return 0;
        }
        boolean showGid = gidOnly || !lidOnly && !decimalLidOnly;
        StringBuilder line = new StringBuilder();
        if (showGid) {
            line.append("GID ").append(SaText.gid(address.gid())).append(' ');
        }
        if (decimalLidOnly) {
            line.append("LID start ").append(address.lid()).append(" end ").append(last);
        } else if (lidOnly || !gidOnly) {
            line.append(String.format("LID start 0x%x end 0x%x", address.lid(), last));
        }
        out().println(line);
        return 0;
    }
}
