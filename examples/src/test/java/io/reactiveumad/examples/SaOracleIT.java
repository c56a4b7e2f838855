package io.reactiveumad.examples;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.reactiveumad.poll.ibsim.IbsimEndpoint;
import io.reactiveumad.test.ibsim.DiagResult;
import io.reactiveumad.test.ibsim.IbsimFabric;
import io.reactiveumad.test.topology.FatTree;
import io.reactiveumad.test.topology.NodeType;
import io.reactiveumad.test.topology.Topology;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code umad sa paths|nodes|links --json} on ibsim + OpenSM equal {@code saquery}'s records, every
 * record and every field, count included, on fabrics no other test uses: for every LID its NodeRecord
 * and LinkRecords, for every pair of LIDs the PathRecords, and the whole NodeRecord and LinkRecord
 * tables (see {@code Oracle.real} for what OpenSM sends of those). OpenSM under umad2sim answers
 * each GetTable with one MAD as long as it wrote it (cut at 256 bytes), RMPP Active but RMPP version 0:
 * the records are the whole ones in what it sent, as saquery counts them, never what lies beyond.
 * Fails (never skips) without ibsim/OpenSM when {@code umad.requirePeers=true}.
 */
class SaOracleIT {

    static Stream<Arguments> fabrics() {
        return Stream.of(
                Arguments.of("triangle of switches with a doubled and a tripled link, a two-port CA on two switches",
                        triangle()),
                Arguments.of("fat tree of 3 leaves, 2 spines, 2 hosts per leaf", FatTree.generate(3, 2, 2)));
    }

    /** Three switches in a ring with parallel links, five CAs, one of them cabled to two switches. */
    private static Topology triangle() {
        return Topology.builder()
                .switchNode("red", 8).switchNode("green", 8).switchNode("blue", 8)
                .ca("ant", 1).ca("bee", 1).ca("cat", 2).ca("dog", 1).ca("eel", 1)
                .link("red", 1, "ant", 1).link("red", 2, "bee", 1).link("green", 1, "cat", 1)
                .link("blue", 1, "cat", 2).link("blue", 2, "dog", 1).link("green", 2, "eel", 1)
                .link("red", 5, "green", 5).link("red", 6, "green", 6)
                .link("green", 7, "blue", 7).link("green", 8, "blue", 8).link("blue", 6, "green", 3)
                .link("blue", 5, "red", 7)
                .build();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("fabrics")
    void pathNodeAndLinkRecordsEqualSaquery(String name, Topology topology) {
        List<String> cas = topology.nodes(NodeType.CA).stream().map(n -> n.id()).toList();
        try (IbsimFabric fabric = IbsimFabric.builder().topology(topology).smNode(cas.get(0)).sweepSeconds(0).start()) {
            Oracle oracle = new Oracle(fabric, cas.get(cas.size() - 1));
            List<Integer> lids = new ArrayList<>(new TreeSet<>(fabric.lidsByPortGuid().values()));
            assertThat(lids).as("LIDs OpenSM assigned").hasSizeGreaterThan(5);

            int compared = 0;
            for (int lid : lids) {
                compared += oracle.nodes("--lid", String.valueOf(lid)) + oracle.links("--lid", String.valueOf(lid));
                for (int dlid : lids) {
                    compared += oracle.paths(lid, dlid);
                }
            }
            assertThat(compared).as("records compared").isGreaterThan(lids.size() * lids.size());
            assertThat(oracle.nodes()).as("whole NodeRecord table: real records compared").isPositive();
            assertThat(oracle.links()).as("whole LinkRecord table: real records compared").isPositive();
        }
    }

    /** Runs both sides for one query and compares them record by record; returns how many records matched. */
    private record Oracle(IbsimFabric fabric, String node, Set<Map<String, String>> realNodes,
                          Set<Map<String, String>> realLinks) {
        Oracle(IbsimFabric fabric, String node) {
            this(fabric, node, new HashSet<>(), new HashSet<>());
        }

        int nodes(String... filter) {
            List<JsonNode> ours = umad("nodes", filter);
            List<Map<String, String>> theirs = saquery(filter.length == 0 ? new String[] {"NR"} : new String[] {"NR", filter[1]});
            assertThat(ours).as("NodeRecords %s", List.of(filter)).hasSameSizeAs(theirs);
            int compared = 0;
            for (int i = 0; i < ours.size(); i++) {
                JsonNode o = ours.get(i);
                Map<String, String> t = theirs.get(i);
                if (!real(filter, realNodes, t)) {
                    continue;
                }
                compared++;
                String what = "NodeRecord " + i + " " + List.of(filter);
                assertThat(o.get("lid").asLong()).as(what).isEqualTo(number(t, "lid"));
                assertThat(o.get("nodeInfo.baseVersion").asLong()).as(what).isEqualTo(number(t, "base_version"));
                assertThat(o.get("nodeInfo.classVersion").asLong()).as(what).isEqualTo(number(t, "class_version"));
                assertThat(o.get("nodeInfo.nodeType").asInt() == 2 ? "Switch" : "Channel Adapter").as(what)
                        .isEqualTo(t.get("node_type"));
                assertThat(o.get("nodeInfo.numPorts").asLong()).as(what).isEqualTo(number(t, "num_ports"));
                assertThat(hex(o, "nodeInfo.systemImageGuid")).as(what).isEqualTo(number(t, "sys_guid"));
                assertThat(hex(o, "nodeInfo.nodeGuid")).as(what).isEqualTo(number(t, "node_guid"));
                assertThat(hex(o, "nodeInfo.portGuid")).as(what).isEqualTo(number(t, "port_guid"));
                assertThat(o.get("nodeInfo.partitionCap").asLong()).as(what).isEqualTo(number(t, "partition_cap"));
                assertThat(o.get("nodeInfo.deviceId").asLong()).as(what).isEqualTo(number(t, "device_id"));
                assertThat(o.get("nodeInfo.revision").asLong()).as(what).isEqualTo(number(t, "revision"));
                assertThat(o.get("nodeInfo.localPortNum").asLong()).as(what).isEqualTo(number(t, "port_num"));
                assertThat(o.get("nodeInfo.vendorId").asLong()).as(what).isEqualTo(number(t, "vendor_id"));
                assertThat(o.get("nodeDescription.text").asText()).as(what).isEqualTo(t.get("NodeDescription"));
            }
            return compared;
        }

        int links(String... filter) {
            List<JsonNode> ours = umad("links", filter);
            List<Map<String, String>> theirs = saquery(filter.length == 0 ? new String[] {"LR"} : new String[] {"LR", filter[1]});
            assertThat(ours).as("LinkRecords %s", List.of(filter)).hasSameSizeAs(theirs);
            int compared = 0;
            for (int i = 0; i < ours.size(); i++) {
                JsonNode o = ours.get(i);
                Map<String, String> t = theirs.get(i);
                if (!real(filter, realLinks, t)) {
                    continue;
                }
                compared++;
                String what = "LinkRecord " + i + " " + List.of(filter);
                assertThat(o.get("fromLid").asLong()).as(what).isEqualTo(number(t, "FromLID"));
                assertThat(o.get("fromPort").asLong()).as(what).isEqualTo(number(t, "FromPort"));
                assertThat(o.get("toPort").asLong()).as(what).isEqualTo(number(t, "ToPort"));
                assertThat(o.get("toLid").asLong()).as(what).isEqualTo(number(t, "ToLID"));
            }
            return compared;
        }

        /**
         * Whether a record saquery printed is one OpenSM really holds. A filtered answer fits in what
         * OpenSM sends intact, so each of its records is, and is remembered. A whole table can be longer:
         * OpenSM's buffer for it is shorter than what it writes, and past about 224 bytes of MAD the
         * records are heap bytes (chunk headers, a different pointer on every query) that neither saquery
         * nor we can tell from records. There only records the filtered queries found are compared; the
         * count is compared all the same.
         */
        private static boolean real(String[] filter, Set<Map<String, String>> known, Map<String, String> record) {
            if (filter.length > 0) {
                known.add(record);
                return true;
            }
            return known.contains(record);
        }

        int paths(int slid, int dlid) {
            String s = String.valueOf(slid);
            String d = String.valueOf(dlid);
            List<JsonNode> ours = umad("paths", "--slid", s, "--dlid", d);
            List<Map<String, String>> theirs = saquery("-p", "--slid", s, "--dlid", d);
            assertThat(ours).as("PathRecords %d -> %d", slid, dlid).hasSameSizeAs(theirs).isNotEmpty();
            for (int i = 0; i < ours.size(); i++) {
                JsonNode o = ours.get(i);
                Map<String, String> t = theirs.get(i);
                String what = "PathRecord " + i + " of " + slid + " -> " + dlid;
                assertThat(hex(o, "serviceId")).as(what).isEqualTo(number(t, "service_id"));
                assertThat(gid(o.get("dgid").asText())).as(what).isEqualTo(gid(t.get("dgid")));
                assertThat(gid(o.get("sgid").asText())).as(what).isEqualTo(gid(t.get("sgid")));
                assertThat(o.get("dlid").asLong()).as(what).isEqualTo(number(t, "dlid")).isEqualTo(dlid);
                assertThat(o.get("slid").asLong()).as(what).isEqualTo(number(t, "slid")).isEqualTo(slid);
                assertThat((o.get("rawTraffic").asBoolean() ? 1L << 31 : 0) | o.get("flowLabel").asLong() << 8
                        | o.get("hopLimit").asLong()).as(what).isEqualTo(number(t, "hop_flow_raw"));
                assertThat(o.get("trafficClass").asLong()).as(what).isEqualTo(number(t, "tclass"));
                assertThat((o.get("reversible").asBoolean() ? 0x80 : 0) | o.get("numbPath").asLong()).as(what)
                        .isEqualTo(number(t, "num_path_revers"));
                assertThat(o.get("pKey").asLong()).as(what).isEqualTo(number(t, "pkey"));
                assertThat(o.get("qosClass").asLong()).as(what).isEqualTo(number(t, "qos_class"));
                assertThat(o.get("sl").asLong()).as(what).isEqualTo(number(t, "sl"));
                assertThat(selected(o, "mtu")).as(what).isEqualTo(number(t, "mtu"));
                assertThat(selected(o, "rate")).as(what).isEqualTo(number(t, "rate"));
                assertThat(selected(o, "packetLifeTime")).as(what).isEqualTo(number(t, "pkt_life"));
                assertThat(o.get("preference").asLong()).as(what).isEqualTo(number(t, "preference"));
            }
            return ours.size();
        }

        private List<JsonNode> umad(String query, String... args) {
            List<String> all = new ArrayList<>(List.of("sa", query));
            all.addAll(List.of(args));
            all.addAll(List.of("--json", "--transport", "ibsim", "--sim-host", node));
            CliRun run = CliRun.run(Map.of(IbsimEndpoint.ENV_SOCKET_NAME, fabric.socketName()), all.toArray(String[]::new));
            assertThat(run.exitCode()).as("%s", run).isZero();
            List<JsonNode> records = new ArrayList<>();
            run.json().forEach(records::add);
            return records;
        }

        private List<Map<String, String>> saquery(String... args) {
            DiagResult result = fabric.diag(node, "saquery", args);
            // saquery exits non-zero when the SA has no record; the records it printed are then none.
            return result.exitCode() == 0 ? result.records() : List.of();
        }

        private static long number(Map<String, String> record, String field) {
            String value = record.get(field);
            assertThat(value).as("saquery field %s in %s", field, record).isNotNull();
            String first = value.split("\\s+")[0];
            return first.startsWith("0x") ? Long.parseUnsignedLong(first.substring(2), 16) : Long.parseLong(first);
        }

        private static long hex(JsonNode node, String field) {
            return Long.parseUnsignedLong(node.get(field).asText().substring(2), 16);
        }

        /** A PathRecord selector-and-value byte as saquery prints it: selector in bits 7..6. */
        private static long selected(JsonNode node, String field) {
            String selector = field + "Selector";
            return node.get(selector).asLong() << 6 | node.get(field).asLong();
        }

        private static InetAddress gid(String text) {
            try {
                return InetAddress.getByName(text);
            } catch (UnknownHostException e) {
                throw new AssertionError("not a GID: " + text, e);
            }
        }
    }
}
