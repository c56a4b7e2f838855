package io.reactiveumad.examples;

import io.reactiveumad.examples.cli.CommandInfo;
import io.reactiveumad.examples.cli.Declaration;
import io.reactiveumad.examples.cli.Values;
import io.reactiveumad.mad.Mad;
import io.reactiveumad.mad.MadStatusException;
import io.reactiveumad.mad.Method;
import io.reactiveumad.mad.SmpHeader;
import java.io.PrintWriter;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import reactor.core.publisher.Mono;

/**
 * One SubnGet of any attribute, its 64 bytes of SMP data dumped as smpdump dumps them (eight groups of four hex
 * digits a line), or with -s as text up to the first NUL (a NodeDescription); a non-zero status word follows, a
 * directed-route answer's direction bit included, as smpdump prints it.
 */
final class SmpDumpCommand extends FabricCommand {
    static final CommandInfo INFO = CommandInfo.of(SmpDumpCommand.class, "smpdump",
            "Dump the data of one SMP Get of any attribute (as smpdump): LID-routed, or along a directed route (-D).");
    private static final int DATA_BYTES = 64;

    private final NodeTarget target = new NodeTarget("node",
            "The node's LID, with -D its directed route, with -G a port GUID.", false);
    private int attribute;
    private long modifier;
    private boolean asText;
    private boolean json;

    SmpDumpCommand(CliContext context) {
        super(context);
    }

    @Override
    public void declare(Declaration d) {
        super.declare(d);
        transport.declareMKey(d);
        target.declare(d);
        d.parameter("ATTR").help("The attribute ID, decimal or hex with 0x (0x11 NodeInfo, 0x15 PortInfo, ...).")
                .to(Values.between(0, 0xFFFF), v -> attribute = v);
        d.parameter("MOD").optional().help("The attribute modifier (default 0).")
                .to(Values.upTo(0xFFFF_FFFFL), v -> modifier = v);
        d.flag("-s", "--string").help("Print the data as text, up to its first NUL (as smpdump -s).").to(() -> asText = true);
        d.flag("--json").help("Print JSON: the status word and the data in hex.").to(() -> json = true);
    }

    @Override
    public Integer call() {
        target.check();
        Mad answer = query(c -> transport.smp(c.port()), smp -> target.route(smp, transport)
                .flatMap(route -> smp.request(route, Method.GET, attribute, modifier, null))
                .map(received -> received.mad())
                // A status is part of the dump, with the data its answer carries.
                .onErrorResume(MadStatusException.class, e -> Mono.just(e.response())),
                String.format("SMP attribute 0x%04x of %s", attribute, target.text()));
        byte[] data = answer.slice(SmpHeader.DATA_OFFSET, DATA_BYTES);
        PrintWriter out = out();
        if (json) {
            Map<String, Object> fields = new LinkedHashMap<>();
            fields.put("status", String.format("0x%04x", answer.status()));
            fields.put("data", HexFormat.of().formatHex(data));
            out.println(Json.pretty(fields));
            return 0;
        }
        if (asText) {
            int end = 0;
            while (end < data.length && data[end] != 0) {
                end++;
            }
            out.println(new String(data, 0, end, java.nio.charset.StandardCharsets.ISO_8859_1));
        } else {
            for (int i = 0; i < DATA_BYTES; i += 2) {
                out.printf("%02x%02x%s", data[i], data[i + 1], (i + 2) % 16 == 0 ? "\n" : " ");
            }
        }
        if (answer.status() != 0) {
            out.printf("SMP status: 0x%x%n", answer.status());
        }
        return 0;
    }
}
