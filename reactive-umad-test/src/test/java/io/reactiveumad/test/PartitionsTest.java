package io.reactiveumad.test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.reactiveumad.MadPort;
import io.reactiveumad.Umad;
import io.reactiveumad.client.SmpClient;
import io.reactiveumad.client.SmpRoute;
import io.reactiveumad.test.topology.Topology;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/**
 * partitions.conf as OpenSM reads it (what it makes of a file is checked against OpenSM by PartitionsAsOpenSmTest):
 * definitions across lines and several on one, comments, abbreviations; what OpenSM warns about and goes on is a
 * refusal here, naming the line.
 */
class PartitionsTest {
    private static final Duration WAIT = Duration.ofSeconds(10);

    @Test
    void definitionsSpanLinesShareLinesAndTakeOpenSmsAbbreviations() {
        Partitions p = Partitions.parse("""
                # a comment ; with a semicolon
                Default=0x7fff, ipoib : ALL=full,   # the default partition
                    SELF=full ;
                Storage=0x8002, ip, rat=7, mt=5, Q=0x77, defm=f : 0x1234, 0x5678=lim ; Other=3 : ALL_C ;
                """);
        assertThat(p.definitions()).extracting(Partitions.Definition::name).containsExactly("Default", "Storage", "Other");
        Partitions.Definition storage = p.definitions().get(1);
        assertThat(storage.partition()).as("the membership bit is not the partition's").isEqualTo(2);
        assertThat(storage.ipoib()).isTrue();
        assertThat(storage.rate()).isEqualTo(7);
        assertThat(storage.mtu()).isEqualTo(5);
        assertThat(storage.qKey()).isEqualTo(0x77);
        assertThat(storage.members()).containsExactly(new Partitions.Member(Partitions.Selects.GUID, 0x1234, true),
                new Partitions.Member(Partitions.Selects.GUID, 0x5678, false));
        Partitions.Definition other = p.definitions().get(2);
        assertThat(other.partition()).as("a name that is a number is the P_Key").isEqualTo(3);
        assertThat(other.ipoib()).isFalse();
        assertThat(other.qKey()).isEqualTo(Partitions.IPOIB_Q_KEY);
        assertThat(other.members()).containsExactly(new Partitions.Member(Partitions.Selects.ALL_CAS, 0, false));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "Default=0x7fff : ALL|line 1: a definition without its ';'",
        "P=2 ALL ;|line 1: no ':' between the partition and its members",
        "\\n\\nP : ALL ;|line 3: partition \"P\" has no P_Key",
        "P=0x8000 : ALL ;|line 1: P_Key 0x8000 is no partition's",
        "P=2, ipoib, colour=red : ALL ;|line 1: unknown partition flag 'colour' (OpenSM ignores it)",
        "P=2, rate=1 : ALL ;|line 1: rate 1 is no rate code",
        "P=2, mtu=6 : ALL ;|line 1: mtu 6 is more than 0x5",
        "P=2, sl=x : ALL ;|line 1: sl 'x' is not a number",
        "P=2, indx0 : ALL ;|line 1: indx0 (a P_Key at index 0 but the default partition's) is not made by the embedded SM",
        "P=2 : ALL=sometimes ;|line 1: member ALL: membership 'sometimes' is not full, limited or both",
        "P=2 : mgid=ff12:401b::1 ;|line 1: mgid= groups are not made by the embedded SM",
        "P=2 : h1 ;|line 1: member 'h1' is not ALL, ALL_CAS, ALL_SWITCHES, ALL_ROUTERS, SELF or a port GUID"})
    void whatOpenSmWarnsAboutIsRefusedNamingTheLine(String text, String message) {
        assertThatThrownBy(() -> Partitions.parse(text.replace("\\n", "\n")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("partitions, " + message);
    }

    /**
     * Without a partitions file every port is a full member of the default partition; with one, a limited member unless
     * the file says otherwise, the SM's port a full one: its P_Key table says so.
     */
    @Test
    void aPortsPKeyTableSaysItsPartitions() {
        Topology topology = Topology.defaultTopology();
        String host2 = String.format("0x%x", topology.requireNode("host2").portGuid(1));
        try (EmbeddedFabric none = EmbeddedFabric.start(topology);
                EmbeddedFabric some = EmbeddedFabric.builder(topology).partitions(Partitions.parse(
                        "Default=0x7fff : ALL_SWITCHES=full ; Storage=0x0002 : " + host2 + "=full, SELF ;")).build()) {
            assertThat(pKeys(none, "host2")).containsExactly(0xffff);
            assertThat(pKeys(some, "host2")).containsExactly(0x7fff, 0x8002);
            assertThat(pKeys(some, "host1")).as("the SM's port").containsExactly(0xffff, 0x0002);
            assertThat(pKeys(some, "host3")).containsExactly(0x7fff);
        }
    }

    private static List<Integer> pKeys(EmbeddedFabric fabric, String host) {
        MadPort port = Umad.open(fabric.transport(), fabric.port(host, 1)).block(WAIT);
        SmpClient smp = SmpClient.of(port);
        try {
            return smp.pKeyTable(SmpRoute.directed(), 1, 0).block(WAIT).pKeys().stream().filter(k -> k != 0).toList();
        } finally {
            smp.dispose();
            port.dispose();
        }
    }
}
