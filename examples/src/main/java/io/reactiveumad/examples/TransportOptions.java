package io.reactiveumad.examples;

import io.reactiveumad.IbsimTransport;
import io.reactiveumad.KernelTransport;
import io.reactiveumad.MadPort;
import io.reactiveumad.NoSuchPortException;
import io.reactiveumad.PortOptions;
import io.reactiveumad.PortSpec;
import io.reactiveumad.Transport;
import io.reactiveumad.Umad;
import io.reactiveumad.client.SaClient;
import io.reactiveumad.client.SmpClient;
import io.reactiveumad.discovery.DiscoveredFabric;
import io.reactiveumad.discovery.DiscoveryOptions;
import io.reactiveumad.discovery.FabricDiscovery;
import io.reactiveumad.mad.attr.MlnxExtPortInfo;
import io.reactiveumad.mad.attr.NodeDescription;
import io.reactiveumad.mad.attr.NodeInfo;
import io.reactiveumad.mad.sa.NodeRecord;
import io.reactiveumad.examples.cli.Declaration;
import io.reactiveumad.examples.cli.Declares;
import io.reactiveumad.examples.cli.UsageException;
import io.reactiveumad.examples.cli.Values;
import io.reactiveumad.mad.DeviceGoneException;
import io.reactiveumad.mad.NativeIoException;
import io.reactiveumad.spi.channel.DeviceAttributes;
import io.reactiveumad.test.EmbeddedFabric;
import io.reactiveumad.test.Partitions;
import io.reactiveumad.test.topology.Topology;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

/** The options every fabric-facing command shares: which transport, which local port. */
final class TransportOptions implements Declares {
    private static final Duration OPEN_TIMEOUT = Duration.ofSeconds(10);
    /**
     * The one device umad2sim shows the diag tools on ibsim, whichever node SIM_HOST names: as --device (or a device
     * stat or status names), the node the environment names, so a tool's command line ({@code -C ibsim0 -P 1},
     * {@code ibstat ibsim0 1}) works unchanged.
     */
    private static final String UMAD2SIM_DEVICE = "ibsim0";
    /** The system call whose failure says nothing listens at a simulator's socket. */
    private static final String CONNECT = "connect";

    private final CliContext context;
    TransportKind kind;
    private String device;
    /** -P: null when not given (the transport's default port: on the kernel libibumad's choice, else 1). */
    private Integer port;
    private String simHost;
    /** The transport {@link #devices} listed the devices of, once it has. */
    private TransportKind listed;
    private Path topology;
    private Path partitions;
    /** -t: each MAD attempt's timeout; null for the library's defaults. */
    private Duration madTimeout;
    /** -y: the M_Key every SMP carries; null for none. Never printed. */
    private Long mKey;
    /** --smkey: the SM_Key every SA request carries; null for none. Never printed. */
    private Long smKey;
    /** The configuration file's MLX_EPI: whether devices that answer MlnxExtPortInfo are asked for it. */
    private boolean mlxExtPortInfo = true;
    /** -s: the SA's LID; null for the SM the port knows. */
    private Integer saLid;
    /** -z: the diag tools' configuration file, or null for the default one (if it exists). */
    private Path configFile;
    /** -C and -P, or the configuration file's CA and Port: the kernel's port. */
    private String kernelDevice;
    private Integer kernelPort;
    /** Whether the configuration file's defaults were applied (once, before the options are first used). */
    private boolean configured;
    private PrintWriter err;
    /** An hour: past it, -t is a typo, not a slow fabric. */
    static final long MAX_MAD_TIMEOUT_MS = 3_600_000;

    TransportOptions(CliContext context) {
        this.context = context;
    }

    @Override
    public void declare(Declaration d) {
        err = d.spec().err();
        new Verbosity().declare(d);
        d.option("-z", "--config").label("FILE")
                .help("The diag tools' configuration file, whose CA, Port, timeout, m_key and sa_key are the defaults "
                        + "of -C, -P, -t, -y and --smkey (default: /etc/" + DiagConfig.DEFAULT + " where it exists).")
                .to(Values::path, v -> configFile = v);
        d.option("--transport").label("KIND").help("kernel, ibsim or embedded. Default: kernel if a "
                + "/dev/infiniband/umad* device is readable, else ibsim if a simulator answers, else the embedded "
                        + "fabric.")
                .to(Values.enumeration(TransportKind.class), v -> kind = v);
        // -C/--Ca and -P/--Port as every infiniband-diags tool spells them.
        d.option("--device", "-C", "--Ca").label("CA")
                .help("The local CA, e.g. mlx5_0 (default: on the kernel the CA of the port the diag tools pick; ibsim: "
                        + "the node to attach to, umad2sim's ibsim0 the one SIM_HOST names; embedded: the node to open, its "
                        + "last host by default).")
                .to(Values::text, v -> device = v);
        d.option("--port", "-P", "--Port").label("N")
                .help("The local port number (default: on the kernel the port the diag tools pick, an Active InfiniBand "
                        + "port first; elsewhere 1).")
                .to(Values::integer, v -> port = v);
        d.option("-t", "--timeout").label("MS")
                .help("Wait this long for each answer, in milliseconds, before sending again, as the diag tools' -t "
                        + "(default: 200 for discovery's SMPs, else 1000; 1 to " + MAX_MAD_TIMEOUT_MS + ").")
                .to(text -> Durations.millis(text, MAX_MAD_TIMEOUT_MS), v -> madTimeout = v);
        d.option("--sim-host").label("NAME")
                .help("ibsim: the simulated node to attach to (default: $SIM_HOST, else the simulator's first CA).")
                .to(Values::text, v -> simHost = v);
        d.option("--topology").label("FILE")
                .help("embedded: an ibsim net file or ibnetdiscover output to load (default: the bundled fabric).")
                .to(Values::path, v -> topology = v);
        d.option("--partitions").label("FILE")
                .help("embedded: an OpenSM partitions.conf whose partitions the embedded SM makes (default: none, every "
                        + "port a full member of the default partition, as OpenSM without one).")
                .to(Values::path, v -> partitions = v);
    }

    /** -y/--m_key, for a command that sends SMPs: the M_Key each of them carries, as the diag tools' -y. */
    void declareMKey(Declaration d) {
        d.option("-y", "--m_key").label("KEY")
                .help("The M_Key to send in every SMP, decimal or hex with 0x (as the diag tools' -y; default: none).")
                .to(TransportOptions::key, v -> mKey = v);
    }

    /** -s/--sm_port, for a command whose tool takes it: the SA's LID, as the diag tools' -s. */
    void declareSmPort(Declaration d) {
        d.option("-s", "--sm_port").label("LID")
                .help("Ask the SA at this LID (for -G) instead of the SM the local port knows (as the diag tools' -s).")
                .to(Values.between(1, 0xBFFF), v -> saLid = v);
    }

    /** --smkey, for a command that asks the SA: the SM_Key each request carries, as saquery's --smkey. */
    void declareSmKey(Declaration d) {
        d.option("--smkey").label("KEY")
                .help("The SM_Key to send in every SA request, decimal or hex with 0x, for what the SA tells only a "
                        + "trusted requester, such as P_KeyTableRecords (as saquery's --smkey; default: none).")
                .to(TransportOptions::key, v -> smKey = v);
    }

    /** A 64-bit key as strtoull reads it for the diag tools: decimal, or hex with 0x. */
    static long key(String text) {
        try {
            return Values.bits64(text);
        } catch (IllegalArgumentException e) {
            // The text is not echoed: it may be a mistyped key.
            throw new IllegalArgumentException("not a key (a 64-bit number, decimal or hex with 0x)");
        }
    }

    /**
     * The SA client of a command: it works on every transport, ibsim's OpenSM included, without picking an RMPP
     * mode; with --smkey's SM_Key in every request when given.
     */
    SaClient sa(Connection connection) {
        return sa(connection.port());
    }

    /** As {@link #sa(Connection)}, on {@code port}; at -s's LID when given. */
    SaClient sa(MadPort port) {
        configure();
        SaClient sa = SaClient.of(port);
        sa = saLid == null ? sa : sa.withSaLid(saLid);
        return smKey == null ? sa : sa.withSmKey(smKey);
    }

    /** Whether an SM_Key is sent in SA requests (--smkey, or the configuration file's). */
    boolean hasSmKey() {
        configure();
        return smKey != null;
    }

    /** The LID of the port with {@code portGuid}: the SA's NodeRecord for it (saquery NR -G does the same). */
    Mono<Integer> lidOf(MadPort port, long portGuid) {
        NodeInfo info = new NodeInfo(0, 0, 0, 0, 0, 0, portGuid, 0, 0, 0, 0, 0);
        return Mono.using(() -> sa(port), sa -> sa.get(SaClient.NODE_RECORD,
                        new NodeRecord(0, info, new NodeDescription("")), NodeRecord.Component.PORT_GUID)
                .map(NodeRecord::lid)
                .switchIfEmpty(Mono.error(() -> new IllegalArgumentException(
                        String.format("the SA knows no port GUID 0x%016x", portGuid)))), SaClient::dispose);
    }

    /** Fills what the command line left unset from the configuration file, once. */
    private void configure() {
        if (configured) {
            return;
        }
        configured = true;
        DiagConfig config = DiagConfig.read(configFile != null ? configFile : context.etc().resolve(DiagConfig.DEFAULT),
                configFile != null, err);
        // The file names the kernel's CA and port (the C tools run on nothing else): ibsim's nodes and the embedded
        // fabric's are named on the command line only.
        kernelDevice = device != null ? device : config.ca();
        kernelPort = port != null ? port : config.port();
        madTimeout = madTimeout != null ? madTimeout : config.timeout();
        mKey = mKey != null ? mKey : config.mKey();
        smKey = smKey != null ? smKey : config.saKey();
        mlxExtPortInfo = config.mlxEpi() == null || config.mlxEpi();
    }

    /**
     * Whether a device that answers MlnxExtPortInfo is asked for it, as the tools ask unless the configuration file
     * says {@code MLX_EPI=false}.
     */
    boolean asksMlnxExtPortInfo(NodeInfo device) {
        configure();
        return mlxExtPortInfo && MlnxExtPortInfo.isAnsweredBy(device.vendorId(), device.deviceId());
    }

    /** An SMP client on {@code port}, putting -y's M_Key, when given, in every SMP. */
    SmpClient smp(MadPort port) {
        configure();
        SmpClient smp = SmpClient.of(port);
        return mKey == null ? smp : smp.withMKey(mKey);
    }

    /** Discovers the fabric behind {@code port}, every SMP with -y's M_Key when given. */
    Mono<DiscoveredFabric> discover(MadPort port, DiscoveryOptions options) {
        configure();
        if (mKey == null) {
            return FabricDiscovery.discover(port, options);
        }
        return Mono.using(() -> smp(port), smp -> FabricDiscovery.discover(smp.withOptions(options.request()), options),
                SmpClient::dispose);
    }

    /**
     * Opens the local port on the transport asked for, or on the first available one (kernel device,
     * then a reachable ibsim, then the embedded fabric, saying so on {@code err}). Answers reach the
     * command's subscribers on {@link Schedulers#boundedElastic()}: commands print from them (blocking I/O).
     */
    Connection connect(PrintWriter err) {
        return connect(err, Schedulers.boundedElastic());
    }

    /**
     * As {@link #connect(PrintWriter)}, delivering on {@code delivery}: {@link Schedulers#immediate()} for a
     * command whose subscribers never block (they only collect, for a {@code block()} on the main thread), so
     * no answer is handed between threads.
     */
    Connection connect(PrintWriter err, Scheduler delivery) {
        configure();
        if (kind != null) {
            return open(kind, delivery);
        }
        List<Path> devices = umadDevices();
        if (devices.stream().anyMatch(Files::isReadable)) {
            return open(TransportKind.KERNEL, delivery);
        }
        try {
            Connection simulated = open(TransportKind.IBSIM, delivery);
            if (!devices.isEmpty()) {
                err.println("umad: " + devices.get(0) + " cannot be read: using the ibsim server");
            }
            return simulated;
        } catch (RuntimeException failure) {
            RuntimeException noSimulator = noSimulator(failure).orElseThrow(() -> failure);
            if (!devices.isEmpty()) {
                // A real fabric this user may not reach: answering from the embedded one instead would look like it.
                throw new IllegalStateException(devices.get(0) + (devices.size() > 1 ? " and every other umad device"
                        : "") + " cannot be read by this user (the kernel's MAD devices need root or read and write "
                        + "access to them, as the diag tools do), and no ibsim server answers ("
                        + Errors.describe(noSimulator) + "); --transport embedded runs on the embedded fabric",
                        noSimulator);
            }
            err.println("umad: no " + context.devInfiniband() + "/umad* device and no ibsim server ("
                    + Errors.describe(noSimulator) + "): using the embedded fabric");
            return open(TransportKind.EMBEDDED, delivery);
        }
    }

    /**
     * Why no ibsim server answers, when opening a port on it failed with {@code failure}: nothing listening at the
     * simulator's socket, or nothing replying there (a connect refused, a device gone). Empty when one answers though it
     * (or our options) refused this port (a node it does not have, all its client slots taken, a port it does not
     * attach to): the command then fails with {@code failure}, since answers from the embedded fabric instead would look
     * like answers from the simulated one. A failure that says neither is checked by attaching to the simulator's
     * default node once.
     */
    private Optional<RuntimeException> noSimulator(RuntimeException failure) {
        if (noSimulatorAnswers(failure)) {
            return Optional.of(failure);
        }
        try {
            IbsimTransport.fromEnvironment(context.env()).devices();
            return Optional.empty();
        } catch (RuntimeException probe) {
            return noSimulatorAnswers(probe) ? Optional.of(probe) : Optional.empty();
        }
    }

    private static boolean noSimulatorAnswers(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof DeviceGoneException || t instanceof NativeIoException io && CONNECT.equals(io.syscall())) {
                return true;
            }
        }
        return false;
    }

    private Connection open(TransportKind chosen, Scheduler delivery) {
        embeddedOnly(chosen);
        return switch (chosen) {
            case KERNEL -> openKernel(delivery);
            case IBSIM -> openIbsim(delivery);
            case EMBEDDED -> openEmbedded(delivery);
        };
    }

    /** Starts an embedded fabric (the SM on its first CA) and opens {@code --device} or its last CA port. */
    Connection openEmbedded() {
        configure();
        return openEmbedded(Schedulers.boundedElastic());
    }

    private Connection openEmbedded(Scheduler delivery) {
        EmbeddedFabric fabric = embeddedFabric();
        try {
            List<PortSpec> ports = fabric.transport().ports();
            if (device == null && port != null && port != 1) {
                throw new IllegalArgumentException("--port " + port + " needs --device: which node's port");
            }
            PortSpec spec = device != null ? new PortSpec(device, port == null ? 1 : port) : ports.get(ports.size() - 1);
            Connection connection = new Connection(TransportKind.EMBEDDED, openPort(fabric.transport(), spec, delivery),
                    fabric);
            context.fabricStarted().accept(fabric);
            return connection;
        } catch (RuntimeException e) {
            fabric.close();
            throw e;
        }
    }

    /**
     * --topology and --partitions make the embedded fabric: on another transport, whose fabric and SM are what they
     * are, they would be ignored, so they are bad usage there.
     */
    private void embeddedOnly(TransportKind chosen) {
        if (chosen != TransportKind.EMBEDDED && (topology != null || partitions != null)) {
            throw new UsageException((topology != null ? "--topology" : "--partitions") + " is the embedded fabric's, "
                    + "and the transport here is " + chosen.name().toLowerCase(Locale.ROOT)
                    + " (--transport embedded runs on the embedded fabric)");
        }
    }

    /** An embedded fabric of --topology's net (else the bundled one) with --partitions' partitions (else none). */
    private EmbeddedFabric embeddedFabric() {
        Topology net = embeddedTopology();
        Partitions made = partitions == null ? Partitions.NONE : partitions(partitions);
        return EmbeddedFabric.builder(net).partitions(made).build();
    }

    /** {@code --partitions FILE}: what is wrong with it is a usage error naming the option and the file. */
    private static Partitions partitions(Path file) {
        String text;
        try {
            text = Files.readString(file);
        } catch (IOException e) {
            throw NamedFiles.unreadable("--partitions", file, e);
        }
        try {
            return Partitions.parse(text);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--partitions " + file + ": " + e.getMessage(), e);
        }
    }

    /** The embedded fabric's topology: --topology's, else the bundled one. */
    private Topology embeddedTopology() {
        return topology == null ? Topology.defaultTopology() : topology(topology);
    }

    /** {@code --topology FILE}: what is wrong with it is a usage error naming the option and the file. */
    private static Topology topology(Path file) {
        try {
            return Topology.parse(file);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--topology " + file + ": " + e.getMessage(), e);
        } catch (java.io.UncheckedIOException e) {
            throw NamedFiles.unreadable("--topology", file, e.getCause());
        }
    }

    /**
     * {@code --device} and {@code --port}; what is not given is chosen as libibumad chooses it for the diag tools: a
     * CA's port that is Active (InfiniBand first), else one that is up; the first CA with such a port.
     */
    private Connection openKernel(Scheduler delivery) {
        KernelTransport kernel = KernelTransport.system();
        PortSpec spec;
        if (kernelDevice != null && kernelPort != null) {
            spec = new PortSpec(kernelDevice, kernelPort);
        } else if (kernelDevice != null) {
            spec = kernel.defaultPort(kernelDevice).orElseThrow(() -> noPort(kernel.ports(), "CA " + kernelDevice
                    + " has no port that is up: give --port"));
        } else if (kernelPort != null) {
            List<PortSpec> ports = kernel.ports();
            spec = ports.stream().filter(p -> p.port() == kernelPort).findFirst()
                    .orElseThrow(() -> noPort(ports, "no CA has a port " + kernelPort));
        } else {
            spec = kernel.defaultPort().orElseThrow(() -> noPort(kernel.ports(), "no port is up: give --device and --port"));
        }
        return new Connection(TransportKind.KERNEL, openPort(kernel, spec, delivery), null);
    }

    /** Why no kernel port fits: none at all, or {@code why} and the ports there are (read only then, once). */
    private static IllegalStateException noPort(List<PortSpec> ports, String why) {
        return new IllegalStateException(ports.isEmpty() ? "no InfiniBand/RoCE port with a umad device on this machine"
                : why + " (ports: " + ports + ")");
    }

    private Connection openIbsim(Scheduler delivery) {
        Transport sim = ibsim();
        PortSpec first = sim.ports().get(0);
        // -P 0 names a switch's management port, which ibsim attaches a switch's client to anyway.
        PortSpec spec = port == null ? first : new PortSpec(first.device(), port);
        return new Connection(TransportKind.IBSIM, openPort(sim, spec, delivery), null);
    }

    /** The simulator the environment names, its default node --sim-host's or --device's (but umad2sim's name). */
    private IbsimTransport ibsim() {
        if (port != null && port > 1) {
            throw new IllegalArgumentException("--port " + port + ": ibsim attaches clients to a node's first port "
                    + "only (1, or a switch's 0)");
        }
        Map<String, String> env = new HashMap<>(context.env());
        String node = simHost != null ? simHost : UMAD2SIM_DEVICE.equals(device) ? null : device;
        if (node != null) {
            env.put(IbsimTransport.ENV_NODE, node);
        }
        return IbsimTransport.fromEnvironment(env);
    }

    /**
     * The local devices as ibstat lists them, on the transport asked for or the first that has any: the kernel's where
     * sysfs lists one (ibstat reads sysfs alone: no umad device has to be readable), else the --sim-host node of a
     * simulator that answers, else the embedded fabric's CAs (saying so on {@code err}); on the kernel and the embedded
     * fabric only the one --device names, where it names one.
     */
    List<DeviceAttributes> devices(PrintWriter err) {
        configure();
        if (kind != null) {
            return devices(kind);
        }
        List<DeviceAttributes> kernel = KernelTransport.system().devices();
        if (!kernel.isEmpty()) {
            listed = TransportKind.KERNEL;
            return onlyNamed(kernel);
        }
        try {
            return devices(TransportKind.IBSIM);
        } catch (RuntimeException failure) {
            RuntimeException noSimulator = noSimulator(failure).orElseThrow(() -> failure);
            err.println("umad: no InfiniBand device in sysfs and no ibsim server (" + Errors.describe(noSimulator)
                    + "): using the embedded fabric");
            return devices(TransportKind.EMBEDDED);
        }
    }

    private List<DeviceAttributes> devices(TransportKind chosen) {
        embeddedOnly(chosen);
        listed = chosen;
        return switch (chosen) {
            case KERNEL -> onlyNamed(KernelTransport.system().devices());
            case IBSIM -> ibsim().devices();
            case EMBEDDED -> {
                try (EmbeddedFabric fabric = embeddedFabric()) {
                    yield onlyNamed(fabric.transport().devices());
                }
            }
        };
    }

    /** The one device --device names, where it names one (on ibsim it names the node attached to instead). */
    private List<DeviceAttributes> onlyNamed(List<DeviceAttributes> devices) {
        return device == null ? devices : List.of(named(devices, device));
    }

    /**
     * The device called {@code name}, of those {@link #devices} listed (on ibsim umad2sim's name for its one device
     * too); none by that name is an error listing those there are.
     */
    DeviceAttributes named(List<DeviceAttributes> devices, String name) {
        return devices.stream().filter(d -> d.name().equals(name)).findFirst()
                .or(() -> listed == TransportKind.IBSIM && UMAD2SIM_DEVICE.equals(name) && devices.size() == 1
                        ? Optional.of(devices.get(0)) : Optional.empty())
                .orElseThrow(() -> new NoSuchPortException("no device named '" + name + "' (devices: "
                        + devices.stream().map(DeviceAttributes::name).toList() + ")"));
    }

    /** The discovery's options with -t's timeout, when given, for each of its SMPs, and ibdiag.conf's MLX_EPI. */
    DiscoveryOptions discovery() {
        configure();
        DiscoveryOptions defaults = DiscoveryOptions.defaults().withMlnxExtPortInfo(mlxExtPortInfo);
        return madTimeout == null ? defaults : defaults.withRequest(defaults.request().withTimeout(madTimeout));
    }

    private MadPort openPort(Transport transport, PortSpec spec, Scheduler delivery) {
        PortOptions options = new PortOptions(delivery);
        if (madTimeout != null) {
            options = options.withRequests(options.requests().withTimeout(madTimeout));
        }
        MadPort opened = Umad.open(transport, spec, options).block(OPEN_TIMEOUT);
        if (opened == null) {
            throw new IllegalStateException("opening " + spec + " on " + transport.name() + " gave no port");
        }
        return opened;
    }

    /** The umad devices there are, readable or not, in name order. */
    private List<Path> umadDevices() {
        Path dir = context.devInfiniband();
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        List<Path> found = new ArrayList<>();
        try (DirectoryStream<Path> devices = Files.newDirectoryStream(dir, "umad*")) {
            devices.forEach(found::add);
        } catch (IOException e) {
            return List.of();
        }
        found.sort(null);
        return found;
    }
}
