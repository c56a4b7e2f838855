package io.reactiveumad.examples;

import io.reactiveumad.AgentSpec;
import io.reactiveumad.MadAgent;
import io.reactiveumad.ReceivedMad;
import io.reactiveumad.examples.cli.CommandInfo;
import io.reactiveumad.examples.cli.Declaration;
import io.reactiveumad.examples.cli.UsageException;
import io.reactiveumad.examples.cli.Values;
import io.reactiveumad.mad.MadAddress;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** ibsysstat both ways: asks a port's sysstat server whether it answers, its host name or its CPUs; or with -S is one. */
final class SysstatCommand extends FabricCommand {
    static final CommandInfo INFO = CommandInfo.of(SysstatCommand.class, "sysstat",
            "Ask a port's sysstat server (vendor class 0x33, the OpenIB OUI) whether it answers, its host name or its "
                    + "CPUs; with -S answer as that server (as ibsysstat).");

    private final GsiDestination destination = new GsiDestination();
    private Sysstat.Operation operation = Sysstat.Operation.PING;
    private boolean operationGiven;
    private int oui;
    private boolean server;
    private Long count;
    private boolean json;

    SysstatCommand(CliContext context) {
        super(context);
    }

    @Override
    public void declare(Declaration d) {
        super.declare(d);
        transport.declareSmPort(d);
        destination.declare(d, "The server's port: its LID, with -G its port GUID.");
        d.parameter("OP").optional().help("ping (the default): whether it answers; host: its host and domain name; "
                + "cpu: a line per CPU, its model and clock (as ibsysstat's op).")
                .to(Values::text, v -> {
                    operation = value("OP", () -> Sysstat.Operation.of(v));
                    operationGiven = true;
                });
        d.option("-o", "--oui").label("OUI").defaultValue("0x001405").help("The OUI to ask or serve under (default: "
                + "OpenIB's).").to(Values.between(0, AgentSpec.MAX_OUI), v -> oui = v);
        d.flag("-S", "--Server").help("Answer until interrupted, with this host's name and /proc/cpuinfo (as ibsysstat "
                + "-S).").to(() -> server = true);
        d.option("-c", "--count").label("N").help("With -S, stop after answering N questions (a resend counted once; "
                + "default: until interrupted).").to(Values.atLeast(1), v -> count = (long) v);
        d.flag("--json").help("Print JSON.").to(() -> json = true);
    }

    @Override
    public Integer call() {
        String op = destination.notADestination();
        if (op != null) {
            if (operationGiven) {
                throw new UsageException("'" + op + "' is not a LID, and the OP is given after it");
            }
            operation = value("OP", () -> Sysstat.Operation.of(op));
        }
        if (server) {
            if (destination.given()) {
                throw new UsageException("-S serves on the local port: give no destination");
            }
            return serve();
        }
        if (!destination.given()) {
            throw new UsageException("give the server's LID (or with -G its port GUID, or --dgid its GID), or -S to serve");
        }
        if (count != null) {
            throw new UsageException("-c counts the answers of a server: it goes with -S");
        }
        return ask();
    }

    private int ask() {
        try (Connection connection = transport.connect(err())) {
            MadAgent agent = await(connection.port().agent(Sysstat.agent(oui, false)), "the sysstat agent");
            MadAddress to = destination.address(connection, transport);
            connection.refuseSmNodeOnIbsim(to.lid(), "a sysstat question");
            ReceivedMad answer = await(agent.request(Sysstat.request(operation, oui), to),
                    "sysstat " + operation.word() + " of " + destination.label(to));
            String text = VendorText.read(answer);
            if (json) {
                out().println(Json.pretty(json(to, text)));
            } else if (operation == Sysstat.Operation.PING) {
                out().println("sysstat ping succeeded");
            } else {
                out().println(text);
            }
        }
        return 0;
    }

    private Map<String, Object> json(MadAddress to, String text) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("lid", to.lid());
        if (to.grh() != null) {
            out.put("gid", SaText.gid(to.grh().gid()));
        }
        out.put("operation", operation.word());
        switch (operation) {
            case PING -> out.put("answered", true);
            case HOST -> out.put("host", text);
            case CPU -> {
                List<Object> cpus = new ArrayList<>();
                for (String line : text.split("\n")) {
                    // "cpu N: model M MHZ F": the model may hold anything, the clock is what follows the last " MHZ ".
                    int colon = line.indexOf(": model ");
                    int mhz = line.lastIndexOf(" MHZ ");
                    if (line.startsWith("cpu ") && colon > 0 && mhz > colon) {
                        Map<String, Object> cpu = new LinkedHashMap<>();
                        cpu.put("cpu", Integer.parseInt(line.substring(4, colon)));
                        cpu.put("model", line.substring(colon + ": model ".length(), mhz).strip());
                        cpu.put("mhz", line.substring(mhz + " MHZ ".length()).strip());
                        cpus.add(cpu);
                    }
                }
                out.put("cpus", cpus);
            }
        }
        return out;
    }

    private int serve() {
        String host = new String(VendorText.hostAndDomain(), StandardCharsets.UTF_8);
        String cpus = Sysstat.cpuLines(read("/proc/cpuinfo"));
        boolean interrupted;
        try (Connection connection = transport.connect(err())) {
            MadAgent agent = await(connection.port().agent(Sysstat.agent(oui, true)), "the sysstat server's agent");
            err().println("umad sysstat: answering on " + connection.port().spec() + " as " + host + "; Ctrl-C stops");
            err().flush();
            interrupted = QuestionServer.serve("sysstat", "questions", agent.receive(), count,
                    gets -> Sysstat.serve(agent, gets, host, cpus, failure -> err().println("umad sysstat: " + failure)),
                    err());
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        return 0;
    }

    /** The file's text, or none where it cannot be read (ibsysstat then answers no CPUs, after a warning). */
    private String read(String file) {
        try {
            return Files.readString(Path.of(file));
        } catch (IOException e) {
            err().println("umad sysstat: warning: cannot read " + file + ": " + e.getMessage() + "; cpu answers no CPU");
            return "";
        }
    }
}
