package io.reactiveumad.examples;

import static org.assertj.core.api.Assertions.assertThat;

import io.reactiveumad.AgentSpec;
import io.reactiveumad.IbsimTransport;
import io.reactiveumad.MadAgent;
import io.reactiveumad.MadPort;
import io.reactiveumad.PortSpec;
import io.reactiveumad.ReceivedMad;
import io.reactiveumad.discovery.DiscoveredNode;
import io.reactiveumad.discovery.DiscoveryOptions;
import io.reactiveumad.discovery.FabricDiscovery;
import io.reactiveumad.fabric.FirmwareInventory;
import io.reactiveumad.fabric.NodeFirmware;
import io.reactiveumad.Umad;
import io.reactiveumad.mad.Mad;
import io.reactiveumad.mad.MadAttribute;
import io.reactiveumad.mad.MadHeader;
import io.reactiveumad.mad.MadStatus;
import io.reactiveumad.mad.Method;
import io.reactiveumad.mad.MgmtClass;
import io.reactiveumad.mad.attr.ClassPortInfo;
import io.reactiveumad.mad.mlnx.ConfigSpaceAccess;
import io.reactiveumad.mad.mlnx.CounterGroupConfig;
import io.reactiveumad.mad.mlnx.CounterGroupInfo;
import io.reactiveumad.mad.mlnx.GeneralInfo;
import io.reactiveumad.test.ibsim.DiagResult;
import io.reactiveumad.test.ibsim.IbsimFabric;
import io.reactiveumad.test.ibsim.IbsimFabricExtension;
import io.reactiveumad.test.topology.Topology;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import reactor.core.Disposable;
import reactor.core.publisher.Mono;

/**
 * vendstat against ours on one device: ibsim's nodes do not have Mellanox's vendor class, so host3 gets a device of
 * this test's, attached to the simulator as host3's request receiver, that answers it (a GeneralInfo the test sets, a
 * configuration space whose words are their address unless written, two counter groups). vendstat (from host2, under
 * umad2sim) and {@code umad vendstat} (from host1) ask it the same and print the same; what vendstat prints of the
 * GeneralInfo is the record the device encoded, so the codec's layout is vendstat's.
 */
class VendstatIbsimTest {
    @RegisterExtension
    static final IbsimFabricExtension FABRIC = new IbsimFabricExtension(() -> IbsimFabric.builder()
            .topology(Topology.defaultTopology()).smNode("host1").sweepSeconds(0).startTimeout(Duration.ofMinutes(1)));

    private static final GeneralInfo.BuildDate BUILT = new GeneralInfo.BuildDate(0x03, 0x18, 0x2014, 0x1530);
    /** A SwitchX: the extended layout. */
    private static final GeneralInfo SWITCHX = new GeneralInfo(0xa0, 0xc738, 0x55b1c3, new GeneralInfo.Version(9, 4, 2000),
            0x4d2, BUILT, "MT_1270110020", 3, new GeneralInfo.Version(0, 0, 0));
    /** An InfiniScale III: one byte per firmware number. */
    private static final GeneralInfo IS3 = new GeneralInfo(0xa1, GeneralInfo.INFINISCALE_III, 0x1234, new GeneralInfo.Version(7, 4, 200),
            0x77, BUILT, "MT_0000000001", 1, new GeneralInfo.Version(1, 2, 3));

    private static Device device;
    private static String host3;

    @BeforeAll
    static void attachTheDevice() {
        host3 = Long.toString(FABRIC.fabric().diag("host2", "smpquery", "-D", "portinfo", "0,1,7,1").requireSuccess()
                .number("Lid"));
        device = new Device(FABRIC.fabric(), "host3");
        // Until the device's agent is registered, ibsim hands a request back undelivered: ask until it answers.
        Awaitility.await().atMost(Duration.ofSeconds(60)).until(() -> vendstat("-N", host3).exitCode() == 0);
    }

    @AfterAll
    static void detach() {
        if (device != null) {
            device.close();
        }
    }

    /** -N of the extended layout's device, by LID and by port GUID: the firmware as three 32-bit numbers. */
    @Test
    void generalInfoOfASwitchX() {
        device.info = SWITCHX;
        String theirs = vendstat("-N", host3).requireSuccess().stdout();
        assertThat(theirs).contains("hw_dev_id:   0xc738\n", "hw_uptime:   0x0055b1c3\n", "fw_version:  09.04.2000\n",
                "fw_build_id: 0x04d2\n", "fw_date:     03/18/2014\n", "fw_psid:     'MT_1270110020'\n", "fw_ini_ver:  3\n");
        assertThat(ours(0, "-N", host3).out()).isEqualTo(theirs);
        // By port GUID, which both resolve through the SA.
        String guid = String.format("0x%016x", Topology.defaultTopology().requireNode("host3").portGuid(1));
        assertThat(ours(0, "-N", "-G", guid).out()).isEqualTo(vendstat("-N", "-G", guid).requireSuccess().stdout())
                .isEqualTo(theirs);
    }

    /** -N -w of an InfiniScale III: its one-byte versions, then the ports whose PortXmitWait word is not 0, in vendstat's order. */
    @Test
    void generalInfoAndXmitWaitOfAnInfiniScaleIii() {
        device.info = IS3;
        String theirs = vendstat("-N", "-w", host3).requireSuccess().stdout();
        assertThat(theirs).contains("fw_version:  07.04.200\n", "sw_version:  01.02.03\n",
                "Port 6: PortXmitWait 0x3\n", "Port 22: PortXmitWait 0x12\n", "Port 4: PortXmitWait 0x18\n");
        assertThat(ours(0, "-N", "-w", host3).out()).isEqualTo(theirs);
    }

    /** -w of a device that is not an InfiniScale III: both refuse it after reading its GeneralInfo. */
    @Test
    void xmitWaitOfAnotherDeviceIsRefused() {
        device.info = SWITCHX;
        DiagResult theirs = vendstat("-w", host3);
        assertThat(theirs.exitCode()).isNotZero();
        // vendstat's error line is on its standard output (ibdiag_common's IBEXIT), ours on standard error.
        assertThat(theirs.stdout()).contains("Unsupported device ID 0xc738");
        assertThat(ours(UmadCli.EXIT_FAILED, "-w", host3).err()).contains("unsupported device ID 0xc738");
    }

    /** -R reads words through their masks, -W writes the masked bits: each tool's lines the same. */
    @Test
    void configSpaceReadsAndWrites() {
        assertThat(ours(0, "-R", "3000", "-R", "3004,ff00", host3).out())
                .isEqualTo(vendstat("-R", "3000", "-R", "3004,ff00", host3).requireSuccess().stdout())
                .isEqualTo("Config space record at 0x3000: 0x3000\nConfig space record at 0x3004: 0x3000\n");
        String theirWrite = vendstat("-W", "3008,12345678,ffff", host3).requireSuccess().stdout();
        assertThat(theirWrite).isEqualTo("Config space record at 0x3008: 0x5678\n");
        assertThat(ours(0, "-W", "3008,12345678,ffff", host3).out()).isEqualTo(theirWrite);
        assertThat(device.words).containsEntry(0x3008L, 0x5678L);
    }

    /** -i prints the groups and their masks; -c says what it configures, then sets it. */
    @Test
    void counterGroups() {
        assertThat(ours(0, "-i", host3, "12").out()).isEqualTo(vendstat("-i", host3, "12").requireSuccess().stdout())
                .isEqualTo("counter_group_info:\n2 counter groups\ngroup0 mask 0x7\ngroup1 mask 0x106\n");
        assertThat(ours(0, "-c", "2,8", host3, "12").out()).isEqualTo(vendstat("-c", "2,8", host3, "12")
                .requireSuccess().stdout()).isEqualTo("counter_groups_config: configuring group0 2 group1 8\n");
        assertThat(device.groups.get(12L)).isEqualTo(new CounterGroupConfig(2, 8));
    }

    /**
     * The inventory (the library, asked of host3 alone) reads the device as vendstat -N does. The command refuses ibsim
     * before asking anything: the SM's node would get a Get of the class, which OpenSM under umad2sim dies of (as it
     * does of vendstat's, ibping's and ibsysstat's), and so do vendstat, ping and sysstat at the SM's LID; afterwards
     * OpenSM still answers.
     */
    @Test
    void firmwareInventoryReadsTheDeviceAsVendstatDoesAndTheCommandSparesOpensm() {
        device.info = SWITCHX;
        String theirs = vendstat("-N", host3).requireSuccess().stdout();
        IbsimTransport transport = IbsimTransport.fromEnvironment(
                Map.of(IbsimTransport.ENV_SOCKET_NAME, FABRIC.fabric().socketName()));
        MadPort port = Umad.open(transport, new PortSpec("host2", 1)).block(Duration.ofSeconds(30));
        NodeFirmware read;
        try {
            DiscoveredNode node = FabricDiscovery.discover(port, DiscoveryOptions.defaults()).block(Duration.ofSeconds(30))
                    .nodes().stream().filter(n -> n.lid() == Integer.parseInt(host3)).findFirst().orElseThrow();
            read = FirmwareInventory.of(port, List.of(node), 1).blockLast(Duration.ofSeconds(30));
        } finally {
            port.dispose();
        }
        GeneralInfo info = read.generalInfo().orElseThrow();
        assertThat(theirs).contains("fw_version:  " + info.firmware() + "\n",
                String.format("hw_dev_id:   0x%04x%n", info.deviceId()), "fw_psid:     '" + info.psid() + "'");

        CliRun refused = umad(UmadCli.EXIT_FAILED, "firmware");
        assertThat(refused.err()).contains("OpenSM under umad2sim crashes on one. Nothing was asked");
        // vendstat at the SM's LID (host1's, 1) too, which the Debian vendstat would send, killing OpenSM.
        // So do ibping and ibsysstat; ours refuse the SM's LID on ibsim, each.
        for (List<String> command : List.of(List.of("vendstat", "-N", "1"), List.of("ping", "-c", "1", "1"),
                List.of("sysstat", "1"))) {
            assertThat(DiagsOracle.umad(FABRIC.fabric(), "host2", UmadCli.EXIT_FAILED, command.get(0),
                    command.subList(1, command.size()).toArray(String[]::new)).err())
                    .as("%s", command).contains("lid 1 is the master SM's node").contains("Nothing was asked");
        }
        // And vendstat without a LID on the SM's own node, whose requests ibsim gives to OpenSM, not to us.
        assertThat(umad(UmadCli.EXIT_FAILED, "vendstat", "-N").err()).contains("lid 1 is the master SM's node");
        // Elsewhere the node answers for itself as its kernel would, "unsupported": no ibsim node has the class.
        assertThat(DiagsOracle.umad(FABRIC.fabric(), "host2", UmadCli.EXIT_FAILED, "vendstat", "-N").err())
                .contains("has no agent of Mellanox's vendor class 0x0a").contains("ibsim's nodes have none");
        assertThat(FABRIC.fabric().diag("host2", "sminfo").requireSuccess().stdout()).contains("SMINFO_MASTER");
    }

    private static DiagResult vendstat(String... args) {
        return FABRIC.fabric().diag("host2", "vendstat", args);
    }

    private static CliRun ours(int exitCode, String... args) {
        return umad(exitCode, "vendstat", args);
    }

    private static CliRun umad(int exitCode, String command, String... args) {
        return DiagsOracle.umad(FABRIC.fabric(), "host1", exitCode, command, args);
    }

    /** A Mellanox device as far as vendstat asks one, on an ibsim node's port. */
    private static final class Device implements AutoCloseable {
        volatile GeneralInfo info = SWITCHX;
        final Map<Long, Long> words = new ConcurrentHashMap<>();
        final Map<Long, CounterGroupConfig> groups = new ConcurrentHashMap<>();
        private final MadPort port;
        private final Disposable serving;

        Device(IbsimFabric fabric, String node) {
            IbsimTransport transport = IbsimTransport.fromEnvironment(
                    Map.of(IbsimTransport.ENV_SOCKET_NAME, fabric.socketName()));
            port = Umad.open(transport, new PortSpec(node, 1)).block(Duration.ofSeconds(30));
            MadAgent agent = port.agent(AgentSpec.server(MgmtClass.MLNX_VENDOR, 1, Method.GET, Method.SET))
                    .block(Duration.ofSeconds(30));
            serving = agent.receive().concatMap(get -> agent.respond(get, answer(get)).onErrorResume(e -> Mono.empty()))
                    .subscribe();
        }

        private Mad answer(ReceivedMad request) {
            Mad asked = request.mad();
            int data = MgmtClass.dataOffset(MgmtClass.MLNX_VENDOR);
            boolean set = asked.method() == Method.SET;
            long modifier = asked.attributeModifier();
            MadAttribute body = switch (asked.attributeId()) {
                case ClassPortInfo.ATTRIBUTE_ID -> ClassPortInfo.of(1, 0, 0, 18);
                case GeneralInfo.ATTRIBUTE_ID -> info;
                case ConfigSpaceAccess.ATTRIBUTE_ID -> {
                    List<ConfigSpaceAccess.Entry> answered = new ArrayList<>();
                    for (ConfigSpaceAccess.Entry e : ConfigSpaceAccess.decode(asked.buffer(), data)
                            .first(ConfigSpaceAccess.count(modifier)).records()) {
                        // A word unwritten holds its address; an InfiniScale III's PortXmitWait words their unit.
                        int unit = ConfigSpaceAccess.is3XmitWaitUnit(e.address());
                        long was = words.getOrDefault(e.address(), unit != 0 ? (unit % 3 == 0 ? unit : 0) : e.address());
                        long now = set ? e.writtenOver(was) : was;
                        if (set) {
                            words.put(e.address(), now);
                        }
                        answered.add(new ConfigSpaceAccess.Entry(e.address(), now, e.mask()));
                    }
                    yield new ConfigSpaceAccess(answered);
                }
                case CounterGroupInfo.ATTRIBUTE_ID -> new CounterGroupInfo(2, 0x7, 0x106);
                case CounterGroupConfig.ATTRIBUTE_ID -> {
                    if (set) {
                        groups.put(modifier, CounterGroupConfig.decode(asked.buffer(), data));
                    }
                    yield groups.getOrDefault(modifier, new CounterGroupConfig(0, 1));
                }
                default -> null;
            };
            return Mad.build(MadHeader.MAD_SIZE, b -> {
                new MadHeader().wrap(b, 0).mgmtClass(asked.mgmtClass()).classVersion(asked.classVersion())
                        .methodByte(asked.method()).attributeId(asked.attributeId()).attributeModifier(modifier)
                        .status(body == null ? MadStatus.UNSUPPORTED_METHOD_ATTRIBUTE : MadStatus.OK);
                if (body != null) {
                    body.encode(b, data);
                }
            });
        }

        @Override
        public void close() {
            serving.dispose();
            port.dispose();
        }
    }
}
