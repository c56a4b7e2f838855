package io.reactiveumad.test.ibsim;

import io.reactiveumad.IbsimTransport;
import io.reactiveumad.test.topology.Topology;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A real simulated fabric for integration tests: {@code ibsim -s NETFILE} with a pipe as its console,
 * OpenSM attached to one node through umad2sim, and the infiniband-diags tools run the same way.
 *
 * <pre>{@code
 * try (IbsimFabric fabric = IbsimFabric.builder().netFile(net).smNode("Hca1").start()) {
 *     fabric.error("Switch1", 2, 20);                         // 20 % loss on Switch1 port 2
 *     DiagResult info = fabric.diag("Hca2", "smpquery", "nodeinfo", "3");
 *     Transport sim = fabric.transport();                      // our own ports on the same fabric
 * }
 * }</pre>
 *
 * <p>Every fabric has its own socket base name ({@code IBSIM_SOCKNAME}) and working directory, so runs
 * never meet. {@link #close()} stops OpenSM and ibsim by their process handles (never by name) and
 * deletes the directory. ibsim serves at most ten clients at once: OpenSM takes one, each running diag
 * tool one, each open port of ours one.
 *
 * <p>Console commands ({@link #command}) are synchronous: each is followed by a comment line that
 * ibsim echoes once it has executed the command, and the call returns the output in between.
 */
public final class IbsimFabric implements AutoCloseable {
    private static final AtomicInteger RUNS = new AtomicInteger();
    private static final Duration STOP_TIMEOUT = Duration.ofSeconds(5);
    private static final String LOOPBACK = "127.0.0.1";
    private static final String OPENSM_LOG = "opensm.log";
    /** A process's exit status above this, by at most LAST_SIGNAL, is 128 + the signal that ended it, as a shell reports it. */
    private static final int SIGNALLED = 128;
    /** Linux's highest signal number (SIGRTMAX): an exit code above SIGNALLED + this is the tool's own, as exit(-1)'s 255. */
    private static final int LAST_SIGNAL = 64;
    private static final Logger log = LoggerFactory.getLogger(IbsimFabric.class);

    private final Builder config;
    /** The node OpenSM runs on: the builder's, until {@link #moveSm} moves it. */
    private volatile String smNode;
    private final Path workDir;
    private final String socketName;
    private final Topology topology;
    private final Path netFile;
    private final AtomicInteger markers = new AtomicInteger();
    private final AtomicInteger smRestarts = new AtomicInteger();
    private Process ibsim;
    private ProcessOutput console;
    private OutputStream consoleIn;
    private Process opensm;
    /** OpenSM was stopped in its tracks by {@link #hangSm()} and must be resumed before it can be stopped. */
    private volatile boolean smHung;
    private ProcessOutput opensmOutput;
    /** Stops the processes if the JVM exits without close(): an orphaned ibsim spins on its closed console. */
    private final Thread stopAtExit = new Thread(this::stopProcesses, "ibsim-fabric-stop");

    private IbsimFabric(Builder config) throws IOException {
        this.config = config;
        this.smNode = config.smNode;
        this.socketName = "umad-" + ProcessHandle.current().pid() + "-" + RUNS.incrementAndGet() + "-"
                + Long.toHexString(System.nanoTime() & 0xFFFFFF);
        this.workDir = Files.createTempDirectory("ibsim-" + socketName + "-");
        if (config.netFile != null) {
            this.netFile = config.netFile;
            this.topology = Topology.parse(config.netFile);
        } else {
            this.topology = config.topology;
            this.netFile = workDir.resolve("fabric.net");
            Files.writeString(netFile, IbsimNetWriter.write(topology));
        }
    }

    public static Builder builder() {
        return new Builder();
    }

    /** How to start a fabric. */
    public static final class Builder {
        private Path netFile;
        private Topology topology;
        private String smNode;
        private int sweepSeconds = 10;
        private Duration startTimeout = Duration.ofSeconds(60);
        private Duration diagTimeout = Duration.ofSeconds(30);
        private Duration madTimeout = Duration.ofSeconds(3);
        private int remotePort;
        private int lmc;
        private String qosPolicy;
        private String partitions;

        /** An ibsim net file used as is (e.g. the Debian examples). */
        public Builder netFile(Path file) {
            this.netFile = Objects.requireNonNull(file, "file");
            this.topology = null;
            return this;
        }

        /** A topology written to a net file with {@link IbsimNetWriter}; node ids become ibsim's names. */
        public Builder topology(Topology fabric) {
            this.topology = Objects.requireNonNull(fabric, "fabric");
            this.netFile = null;
            return this;
        }

        /** The node OpenSM runs on; null runs no SM (ports stay without LIDs). */
        public Builder smNode(String node) {
            this.smNode = node;
            return this;
        }

        /** OpenSM's sweep interval ({@code -s}); 0 sweeps only when told. */
        public Builder sweepSeconds(int seconds) {
            this.sweepSeconds = seconds;
            return this;
        }

        /** How long start() waits for ibsim's console and for OpenSM's "SUBNET UP". */
        public Builder startTimeout(Duration timeout) {
            this.startTimeout = timeout;
            return this;
        }

        /** How long one diag tool run may take before it is killed. */
        public Builder diagTimeout(Duration timeout) {
            this.diagTimeout = timeout;
            return this;
        }

        /**
         * Runs ibsim in remote mode ({@code -r -l port}): UDP on {@code port} (control) and the next
         * ten ports (one per client), reached at 127.0.0.1; OpenSM, the diag tools and
         * {@link IbsimFabric#environment} follow. 0 (the default) is local mode over AF_UNIX.
         */
        public Builder remotePort(int port) {
            if (port < 0 || port > 0xFFFF - 11) {
                throw new IllegalArgumentException("port out of range: " + port);
            }
            this.remotePort = port;
            return this;
        }

        /**
         * The LMC OpenSM gives every CA port ({@code -l}, 0 to 7): 2^lmc LIDs each, so forwarding tables and
         * traces have several paths to one port. Switches keep LMC 0.
         */
        public Builder lmc(int value) {
            if (value < 0 || value > 7) {
                throw new IllegalArgumentException("LMC out of range (0 to 7): " + value);
            }
            this.lmc = value;
            return this;
        }

        /**
         * OpenSM runs with QoS on ({@code -Q}) and this policy file's text ({@code -Y}), e.g. a {@code qos-ulps}
         * section giving ServiceIDs their own SLs in its PathRecords; null (the default) runs without QoS.
         */
        public Builder qosPolicy(String policy) {
            this.qosPolicy = policy;
            return this;
        }

        /**
         * OpenSM makes the partitions this partitions.conf text defines ({@code -P}); null (the default) runs it without
         * one (every port a full member of the default partition).
         */
        public Builder partitions(String config) {
            this.partitions = config;
            return this;
        }

        /** The per-MAD timeout passed to diag tools ({@code -t}); their default is one second. */
        public Builder madTimeout(Duration timeout) {
            this.madTimeout = timeout;
            return this;
        }

        /**
         * Checks the peers ({@link IbsimInstallation#require()}: fail or skip), starts ibsim and OpenSM,
         * and waits until the subnet is up. Everything started is stopped again if a step fails.
         */
        public IbsimFabric start() {
            if (netFile == null && topology == null) {
                throw new IllegalStateException("a net file or a topology must be given");
            }
            IbsimInstallation.require();
            IbsimFabric fabric;
            try {
                fabric = new IbsimFabric(this);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            Runtime.getRuntime().addShutdownHook(fabric.stopAtExit);
            try {
                fabric.startIbsim();
                if (smNode != null) {
                    fabric.startOpenSm(List.of());
                }
                return fabric;
            } catch (RuntimeException | Error e) {
                fabric.close();
                throw e;
            }
        }
    }

    private void startIbsim() {
        List<String> command = new ArrayList<>(List.of(tool("ibsim"), "-s"));
        if (config.remotePort != 0) {
            command.addAll(List.of("-r", "-l", Integer.toString(config.remotePort)));
        }
        command.add(netFile.toString());
        ProcessBuilder pb = new ProcessBuilder(command).directory(workDir.toFile()).redirectErrorStream(true);
        pb.environment().put(IbsimTransport.ENV_SOCKET_NAME, socketName);
        ibsim = startProcess(pb);
        consoleIn = ibsim.getOutputStream();
        console = ProcessOutput.drain("ibsim", ibsim, workDir.resolve("ibsim.log"));
        // The console answers only once the sockets are bound and the network started.
        command("# console ready", config.startTimeout);
    }

    private void startOpenSm(List<String> more) {
        // -d2: OpenSM flushes its log after every line, so the log a failed test keeps ends where OpenSM was.
        List<String> command = new ArrayList<>(List.of(tool("opensm"), "-D", "0x03", "-d2", "-f", "-",
                "-s", Integer.toString(config.sweepSeconds), "-l", Integer.toString(config.lmc)));
        if (config.qosPolicy != null) {
            Path policy = workDir.resolve("qos-policy.conf");
            try {
                Files.writeString(policy, config.qosPolicy);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            command.addAll(List.of("-Q", "-Y", policy.toString()));
        }
        if (config.partitions != null) {
            Path file = workDir.resolve("partitions.conf");
            try {
                Files.writeString(file, config.partitions);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            command.addAll(List.of("-P", file.toString()));
        }
        command.addAll(more);
        ProcessBuilder pb = new ProcessBuilder(command).directory(workDir.toFile()).redirectErrorStream(true);
        preload(pb.environment(), smNode);
        pb.environment().put("OSM_TMP_DIR", workDir.toString());
        pb.environment().put("OSM_CACHE_DIR", workDir.toString());
        opensm = startProcess(pb);
        opensmOutput = ProcessOutput.drain("opensm", opensm, workDir.resolve(OPENSM_LOG));
        try {
            opensmOutput.await("SUBNET UP", 0, config.startTimeout);
        } catch (TimeoutException e) {
            throw new IllegalStateException("OpenSM on \"" + smNode + "\" did not bring the subnet up: "
                    + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for OpenSM", e);
        }
    }

    /**
     * Stops OpenSM (SIGTERM to its pid, SIGKILL after a grace period), waits until it has exited, and
     * starts it again on the same node, returning once the subnet is up again (within the start timeout).
     * The old run's log is kept as {@code opensm.N.log} (N = 1 for the first restart); the new run writes
     * {@code opensm.log}. OpenSM keeps its LIDs (its guid2lid cache) but forgets every subscription.
     */
    public void restartSm() {
        moveSm(smNode);
    }

    /**
     * Stops OpenSM (SIGTERM, SIGKILL after a grace period) and waits until it has exited, starting no other: the
     * nodes keep the LIDs and the SM LID it gave them, and nothing answers at that LID as an SA any more.
     */
    public void stopSm() {
        if (smNode == null) {
            throw new IllegalStateException("this fabric runs no SM");
        }
        stop(opensm);
        if (opensm.isAlive()) {
            throw new IllegalStateException("OpenSM (pid " + opensm.pid() + ") did not exit");
        }
    }

    /**
     * Stops OpenSM in its tracks (SIGSTOP), as a hung SM: it keeps its ibsim client slot and socket, so what is sent to
     * its SA is delivered and never answered. (After {@link #stopSm()} ibsim hands each MAD for it back undelivered,
     * which ends a request at once.) {@link #close()} resumes it before stopping it.
     */
    public void hangSm() {
        if (smNode == null) {
            throw new IllegalStateException("this fabric runs no SM");
        }
        signal(opensm, "STOP");
        smHung = true;
    }

    /**
     * As {@link #restartSm()}, but OpenSM dies by SIGKILL, as a crash would: it tells ibsim nothing, so its
     * client slot stays taken, and it answers nothing between its death and the new run's SUBNET UP.
     */
    public void crashAndRestartSm() {
        restart(smNode, true, false);
    }

    /**
     * As {@link #restartSm()}, but OpenSM starts again on {@code node}: the SM and its SA move to that
     * node's LID (the other LIDs stay, from the same guid2lid cache).
     */
    public void moveSm(String node) {
        restart(node, false, false);
    }

    /**
     * As {@link #moveSm}, with OpenSM told to give out every LID afresh ({@code -r}, as an operator clearing its
     * guid2lid would): from another node it walks the fabric in another order, so most ports get new LIDs.
     */
    public void moveSmReassigningLids(String node) {
        restart(node, false, true);
    }

    private void restart(String node, boolean crash, boolean reassignLids) {
        if (smNode == null) {
            throw new IllegalStateException("this fabric runs no SM");
        }
        topology.requireNode(node);
        if (crash) {
            opensm.destroyForcibly();
            try {
                opensm.waitFor(STOP_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while killing OpenSM", e);
            }
        } else {
            stop(opensm);
        }
        if (opensm.isAlive()) {
            throw new IllegalStateException("OpenSM (pid " + opensm.pid() + ") did not exit");
        }
        try {
            Files.move(workDir.resolve(OPENSM_LOG), workDir.resolve("opensm." + smRestarts.incrementAndGet() + ".log"));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot keep OpenSM's log", e);
        }
        smNode = node;
        startOpenSm(reassignLids ? List.of("-r") : List.of());
    }

    /**
     * Kills ibsim (SIGKILL) as a crash would, and waits until it is gone: every client's sockets are
     * left pointing at nobody, OpenSM included. The fabric cannot be used afterwards but still closes.
     */
    public void killSimulator() {
        ibsim.destroyForcibly();
        try {
            if (!ibsim.waitFor(STOP_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
                throw new IllegalStateException("ibsim (pid " + ibsim.pid() + ") survived SIGKILL");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while killing ibsim", e);
        }
    }

    private static Process startProcess(ProcessBuilder pb) {
        try {
            return pb.start();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start " + pb.command(), e);
        }
    }

    private static String tool(String name) {
        Path path = IbsimInstallation.find(name);
        if (path == null) {
            throw new IllegalStateException(name + " is not installed");
        }
        return path.toString();
    }

    /** The environment umad2sim needs to attach a tool to {@code node} of this fabric. */
    private void preload(Map<String, String> env, String node) {
        env.put("LD_PRELOAD", IbsimInstallation.umad2sim().toString());
        attach(env, node);
    }

    /** The variables that attach a client (umad2sim or {@link IbsimTransport}) to {@code node} of this fabric. */
    private void attach(Map<String, String> env, String node) {
        env.put(IbsimTransport.ENV_SOCKET_NAME, socketName);
        env.put(IbsimTransport.ENV_NODE, node);
        if (config.remotePort != 0) {
            env.put(IbsimTransport.ENV_SERVER_NAME, LOOPBACK);
            env.put(IbsimTransport.ENV_SERVER_PORT, Integer.toString(config.remotePort));
        } else {
            env.remove(IbsimTransport.ENV_SERVER_NAME);
        }
    }

    // ---- what tests use ----------------------------------------------------------------------------

    /** The fabric as parsed from the net file (or as given). */
    public Topology topology() {
        return topology;
    }

    /** The socket base name this fabric's ibsim listens on ({@code IBSIM_SOCKNAME}). */
    public String socketName() {
        return socketName;
    }

    /**
     * The environment that attaches a client to {@code node} of this fabric, as umad2sim and
     * {@link IbsimTransport#fromEnvironment(Map)} read it: the socket name, or the UDP address in remote mode.
     */
    public Map<String, String> environment(String node) {
        Map<String, String> env = new HashMap<>();
        attach(env, node);
        return Map.copyOf(env);
    }

    /** A transport onto this fabric whose default port is {@code node}. */
    public IbsimTransport transport(String node) {
        return IbsimTransport.fromEnvironment(environment(node));
    }

    /** Where logs ({@code ibsim.log}, {@code opensm.log}) and OpenSM's cache files go. */
    public Path workDir() {
        return workDir;
    }

    /**
     * The LID of every port OpenSM configured, by port GUID, from its {@code guid2lid} cache file
     * (written when the subnet came up).
     */
    public Map<Long, Integer> lidsByPortGuid() {
        Map<Long, Integer> lids = new LinkedHashMap<>();
        try {
            for (String line : Files.readAllLines(workDir.resolve("guid2lid"))) {
                String[] f = line.trim().split("\\s+");
                if (f.length >= 2 && f[0].startsWith("0x")) {
                    lids.put(Long.parseUnsignedLong(f[0].substring(2), 16), Integer.decode(f[1]));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("OpenSM wrote no guid2lid in " + workDir, e);
        }
        return lids;
    }

    /**
     * Runs one console command and returns what ibsim printed for it.
     *
     * @throws IllegalStateException when ibsim does not get through it within the start timeout
     */
    public String command(String line) {
        return command(line, config.startTimeout);
    }

    private synchronized String command(String line, Duration timeout) {
        if (line.indexOf('\n') >= 0) {
            throw new IllegalArgumentException("one command per call: " + line);
        }
        String marker = "# umad-done-" + markers.incrementAndGet();
        int from = console.mark();
        try {
            consoleIn.write((line + "\n" + marker + "\n").getBytes(StandardCharsets.US_ASCII));
            consoleIn.flush();
            int end = console.await(marker, from, timeout);
            return console.between(from, end - marker.length()).replace("sim> ", "").trim();
        } catch (IOException e) {
            throw new UncheckedIOException("ibsim's console is gone", e);
        } catch (TimeoutException e) {
            throw new IllegalStateException("ibsim did not run \"" + line + "\": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted during \"" + line + "\"", e);
        }
    }

    /** {@code Unlink "node"[port]}: takes the cable out. */
    public String unlink(String node, int port) {
        return command(String.format("Unlink \"%s\"[%d]", node, port));
    }

    /** {@code ReLink "node"[port]}: puts a cable taken out back in. */
    public String relink(String node, int port) {
        return command(String.format("ReLink \"%s\"[%d]", node, port));
    }

    /**
     * {@code Error "node"[port] rate}: drops {@code percent} % of the packets entering the port. ibsim
     * reads the rate as a whole percentage (0..100), so 20 % loss is {@code 20}, not {@code 0.2}.
     */
    public String error(String node, int port, int percent) {
        if (percent < 0 || percent > 100) {
            throw new IllegalArgumentException("ibsim error rates are whole percentages 0..100: " + percent);
        }
        return command(String.format("Error \"%s\"[%d] %d", node, port, percent));
    }

    /** {@code PerformanceSet "node"[port] Attribute.Field=value}, e.g. {@code PortCounters.SymbolErrorCounter}. */
    public String performanceSet(String node, int port, String attributeField, long value) {
        return command(String.format("PerformanceSet \"%s\"[%d] %s=%d", node, port, attributeField, value));
    }

    /** {@code Baselid "node"[port] lid}: changes a port's LID behind the SM's back. */
    public String baselid(String node, int port, int lid) {
        return command(String.format("Baselid \"%s\"[%d] %d", node, port, lid));
    }

    /**
     * Runs an infiniband-diags tool (smpquery, saquery, perfquery, ibnetdiscover, …) attached to
     * {@code node} through umad2sim, and captures its output. The tool's own per-MAD timeout is set
     * ({@code -t}) so a busy OpenSM on a loaded machine is not mistaken for a lost answer, except for ibstat,
     * which sends none and refuses {@code -t}; a tool that overruns the diag timeout is killed. A tool that
     * crashes (ibqueryerrors under umad2sim died of SIGSEGV once in a whole examples run) is run once more: the
     * oracle's crash says nothing of what is compared with it. A second crash is returned as it is.
     */
    public DiagResult diag(String node, String tool, String... args) {
        DiagResult result = diagOnce(node, tool, args);
        if (result.exitCode() > SIGNALLED && result.exitCode() <= SIGNALLED + LAST_SIGNAL) {
            log.warn("{} died of signal {}; running it again: {}", result.command(), result.exitCode() - SIGNALLED,
                    result.stderr().strip());
            result = diagOnce(node, tool, args);
        }
        return result;
    }

    private DiagResult diagOnce(String node, String tool, String... args) {
        List<String> command = new ArrayList<>();
        command.add(tool(tool));
        if (!tool.equals("ibstat")) {
            command.addAll(List.of("-t", Long.toString(config.madTimeout.toMillis())));
        }
        command.addAll(List.of(args));
        Process process = startProcess(attached(node, command));
        CompletableFuture<String> out = readAll(process.getInputStream(), "stdout of " + tool);
        CompletableFuture<String> err = readAll(process.getErrorStream(), "stderr of " + tool);
        try {
            if (!process.waitFor(config.diagTimeout.toMillis(), TimeUnit.MILLISECONDS)) {
                stop(process);
                throw new IllegalStateException(command + " did not finish within " + config.diagTimeout);
            }
            return new DiagResult(List.copyOf(command), process.exitValue(), out.get(), err.get());
        } catch (InterruptedException e) {
            stop(process);
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while running " + command, e);
        } catch (ExecutionException e) {
            throw new IllegalStateException("cannot read the output of " + command, e.getCause());
        }
    }

    /**
     * A process of any libibumad program attached to {@code node} through umad2sim (as OpenSM and the diag
     * tools are), to be started in this fabric's work directory, where umad2sim writes its {@code sys-PID/}.
     */
    public ProcessBuilder attached(String node, List<String> command) {
        ProcessBuilder pb = new ProcessBuilder(command).directory(workDir.toFile());
        preload(pb.environment(), node);
        return pb;
    }

    /** Reads {@code in} to its end on a daemon thread, so a chatty tool never blocks on a full pipe. */
    private static CompletableFuture<String> readAll(java.io.InputStream in, String what) {
        CompletableFuture<String> result = new CompletableFuture<>();
        Thread reader = new Thread(() -> {
            try (in) {
                result.complete(new String(in.readAllBytes(), StandardCharsets.UTF_8));
            } catch (IOException e) {
                result.completeExceptionally(e);
            }
        }, "read-" + what);
        reader.setDaemon(true);
        reader.start();
        return result;
    }

    /** Stops OpenSM, then ibsim (SIGTERM, then SIGKILL after a grace period), and deletes the work directory. */
    @Override
    public void close() {
        stopProcesses();
        try {
            Runtime.getRuntime().removeShutdownHook(stopAtExit);
        } catch (IllegalStateException exiting) {
            // Closed by the hook itself while the JVM shuts down.
        }
        if (!Boolean.getBoolean("umad.keepIbsimLogs")) {
            deleteRecursively(workDir);
        }
    }

    private void stopProcesses() {
        if (smHung) {
            signal(opensm, "CONT");
        }
        stop(opensm);
        stop(ibsim);
    }

    /** {@code kill -SIG pid}, waited for. */
    private static void signal(Process process, String signal) {
        try {
            Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(process.pid())).start();
            if (!kill.waitFor(STOP_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS) || kill.exitValue() != 0) {
                throw new IllegalStateException("kill -" + signal + " " + process.pid() + " failed");
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot run kill -" + signal, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted during kill -" + signal, e);
        }
    }

    private static void stop(Process process) {
        if (process == null || !process.isAlive()) {
            return;
        }
        process.destroy();
        try {
            if (!process.waitFor(STOP_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly().waitFor(STOP_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }

    private static void deleteRecursively(Path dir) {
        try (Stream<Path> paths = Files.walk(dir)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // A leftover temp directory is not worth failing a test run for.
        }
    }

    @Override
    public String toString() {
        return "IbsimFabric[" + socketName + ", " + netFile + (smNode != null ? ", SM on " + smNode : "") + "]";
    }
}
