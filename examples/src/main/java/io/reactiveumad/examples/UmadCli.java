package io.reactiveumad.examples;

import io.reactiveumad.examples.cli.CommandInfo;
import io.reactiveumad.examples.cli.CommandLine;
import io.reactiveumad.examples.cli.CommandSpec;
import io.reactiveumad.examples.cli.UsageException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Hooks;
import reactor.core.scheduler.Schedulers;

/**
 * The {@code umad} command line: reactive-umad's examples as one tool. Output goes to the command
 * line's writers (stdout for results, stderr for progress and errors) so tests run it in-process.
 * Exit codes: 0 done, 1 the operation failed, 2 bad usage: the command line's parse errors and every
 * {@link IllegalArgumentException} (a value given was refused, by the command or by the library); 141 when stdout is a
 * pipe whose reader went away ({@link UndeliverableOutput}).
 */
public final class UmadCli {
    static final CommandInfo INFO = CommandInfo.of(UmadCli.class, "umad",
            "InfiniBand management from Java with reactive-umad: watch traps, discover the fabric, query "
                    + "SMP/SA/PerfMgt attributes. Runs on the kernel's umad devices, an ibsim simulator, or an "
                    + "embedded in-JVM fabric when there is no InfiniBand.")
            .withVersion("umad (reactive-umad examples) 0.1.0")
            .withSubcommands(DemoCommand.INFO, WatchCommand.INFO, DiscoverCommand.INFO, SmpCommand.INFO, SaCommand.INFO,
                    PerfCommand.INFO, CcCommand.INFO, CcConfigCommand.INFO, RoutesCommand.INFO, DumpFtsCommand.INFO, TraceCommand.INFO, NodesUsingCommand.INFO, LftBalanceCommand.INFO, CacheEditCommand.INFO, ErrorsCommand.INFO,
                    LinksCommand.INFO, McastCommand.INFO, ServiceCommand.INFO, AddrCommand.INFO, SmInfoCommand.INFO, PingCommand.INFO, SysstatCommand.INFO, VendstatCommand.INFO, FirmwareCommand.INFO,
                    PortStateCommand.INFO, NodeListCommand.Switches.INFO, NodeListCommand.Hosts.INFO,
                    NodeListCommand.Routers.INFO, NodeListCommand.Nodes.INFO, VerifyIdsCommand.INFO, StatCommand.INFO, StatusCommand.INFO, SmpDumpCommand.INFO,
                    ServeCommand.INFO);

    public static final int EXIT_FAILED = 1;

    public static void main(String[] args) {
        if (args.length > 0 && !args[0].startsWith("-")) {
            prepareInBackground();
        }
        // When two parts of a command fail together (a zip of two SA queries on a port that is down), Reactor drops
        // the second failure, by default with an ERROR and a stack trace; the first is the one reported.
        Hooks.onErrorDropped(e -> LoggerFactory.getLogger(UmadCli.class).debug("a further failure: {}", e.toString()));
        UndeliverableOutput stdout = UndeliverableOutput.standardOutput();
        int code = run(CliContext.system(), utf8(stdout), utf8(System.err), args);
        System.exit(stdout.exitCode(code));
    }

    /**
     * A writer of UTF-8 whatever the locale: the C tools write a node description's bytes as they are, which are
     * UTF-8 for any text that decoded (JDK 17 in the POSIX locale would print '?' for each non-ASCII character).
     */
    static PrintWriter utf8(OutputStream stream) {
        return new PrintWriter(new OutputStreamWriter(stream, StandardCharsets.UTF_8), true);
    }

    /**
     * Starts what opening a port will need (Reactor's schedulers, the SLF4J binding) on another thread, while
     * this one parses the command line. Class initialisation is done once, by whichever thread gets there
     * first. JNA is left to the command: a class whose initialiser fails here would fail there as a bare
     * NoClassDefFoundError, without the reason.
     */
    private static void prepareInBackground() {
        Thread prepare = new Thread(() -> {
            Schedulers.boundedElastic();
            LoggerFactory.getILoggerFactory();
        }, "umad-prepare");
        prepare.setDaemon(true);
        prepare.start();
    }

    /** Runs one command line in {@code context} with these writers; returns the exit code. */
    static int run(CliContext context, PrintWriter out, PrintWriter err, String... args) {
        try {
            return new CommandLine(INFO, type -> create(type, context), UmadCli::oneLineError)
                    .execute(out, err, args);
        } finally {
            out.flush();
            err.flush();
        }
    }

    /** Builds commands, mixins and converters, handing {@link CliContext} to those whose constructor takes it. */
    private static Object create(Class<?> type, CliContext context) {
        try {
            var constructor = type.getDeclaredConstructor(CliContext.class);
            constructor.setAccessible(true);
            return constructor.newInstance(context);
        } catch (NoSuchMethodException plain) {
            return CommandLine.construct(type);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot make a " + type.getName(), e);
        }
    }

    /** Whether the JVM is exiting (a signal's shutdown hooks are running): then no hook can be added. */
    private static boolean shuttingDown() {
        Thread probe = new Thread(() -> { });
        try {
            Runtime.getRuntime().addShutdownHook(probe);
            Runtime.getRuntime().removeShutdownHook(probe);
            return false;
        } catch (IllegalStateException exiting) {
            return true;
        }
    }

    /**
     * A failure is one line naming the command and the cause; {@code UMAD_DEBUG=1} adds the stack trace. Bad
     * usage (the command line's, or a value the command or the library refused: not a LID, not a route, a port
     * out of range, not a switch...) points at the command's help and exits 2.
     */
    private static int oneLineError(Exception e, CommandSpec where) {
        PrintWriter err = where.err();
        String name = where.qualifiedName();
        Throwable cause = reactor.core.Exceptions.unwrap(e);
        if (cause instanceof UsageException usage) {
            err.println(name + ": " + usage.getMessage() + " (try '" + name + " --help')");
            return CommandLine.EXIT_USAGE;
        }
        if (cause instanceof IllegalArgumentException badInput) {
            err.println(name + ": " + Errors.describe(badInput) + " (try '" + name + " --help')");
            return CommandLine.EXIT_USAGE;
        }
        if (cause instanceof io.reactiveumad.PortClosedException && shuttingDown()) {
            // Ctrl-C: the exit hook closed the port under the command, which the JVM's exit status (130) says already.
            return EXIT_FAILED;
        }
        err.println(name + ": error: " + Errors.describe(e));
        if (System.getenv("UMAD_DEBUG") != null) {
            e.printStackTrace(err);
        }
        return EXIT_FAILED;
    }
}
