package io.reactiveumad.test.topology;

import static org.assertj.core.api.Assertions.assertThat;

import io.reactiveumad.test.topology.ChassisRules.MellanoxSlot;
import java.util.OptionalLong;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * libibnetdisc's chassis rules as chassis.c reads them: which NodeDescriptions place a Mellanox InfiniScale IV in a
 * slot (MellanoxIs4DirectorIbsimTest compares whole directors with ibnetdiscover), and the vendors' chassis GUIDs.
 */
class ChassisRulesTest {
    private static final int MELLANOX = 0x2c9;
    private static final int IS4 = 0xbd36;

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "MF0;big:IS5600/L02/U1|IS5600|false|2|1|Line 2 Chip 1",
        "MF0;big:IS5600/S18/U1|IS5600|true|18|1|Spine 18 Chip 1",
        "MF0;sw:IS5030/L01:MLB/U2|IS5030|false|1|2|Line 1 Chip 2",
        "MF0;:T/Lx/U1|T|false|0|1|Line 0 Chip 1"})
    void aSlotNamedInTheDescriptionPlacesTheSwitch(String description, String type, boolean spine, int slot, int chip,
                                                   String text) {
        MellanoxSlot placed = MellanoxSlot.of(MELLANOX, IS4, true, description).orElseThrow();
        assertThat(placed).isEqualTo(new MellanoxSlot(type, spine, slot, chip));
        assertThat(placed.text()).isEqualTo(text);
    }

    /** What chassis.c gives up on: no system type, no slot, a slot that is neither L nor S, no U, a slot too high. */
    @ParameterizedTest
    @ValueSource(strings = {"big:IS5600/L02/U1", "MF0;big/L02/U1", "MF0;big:IS5600", "MF0;big:IS5600/L02",
            "MF0;big:IS5600/X02/U1", "MF0;big:IS5600/L02/1", "MF0;big:IS5600/L02:MLB", "MF0;big:IS5600/L37/U1",
            "MF0;big:IS5600/S19/U1"})
    void otherDescriptionsPlaceNothing(String description) {
        assertThat(MellanoxSlot.of(MELLANOX, IS4, true, description)).isEmpty();
    }

    @ParameterizedTest
    @CsvSource({"0x2c9,0xc738,true", "0x8f1,0xbd36,true", "0x2c9,0xbd36,false"})
    void onlyAnInfiniScaleIvSwitchOfMellanoxIsPlaced(String vendor, String device, boolean isSwitch) {
        assertThat(MellanoxSlot.of(Integer.decode(vendor), Integer.decode(device), isSwitch, "MF0;big:IS5600/L02/U1"))
                .isEmpty();
    }

    @ParameterizedTest
    @CsvSource({"1,1", "18,18", "19,0", "0,0"})
    void aLineBoardsFirstEighteenPortsAreTheChassisOwn(int port, int external) {
        MellanoxSlot line = new MellanoxSlot("IS5600", false, 3, 1);
        assertThat(line.externalPort(port)).isEqualTo(external);
        assertThat(new MellanoxSlot("IS5600", true, 3, 1).externalPort(port)).isZero();
    }

    @ParameterizedTest
    @CsvSource({"0x66a,0x0006610012345678,0x0006610000345678", "0x5ad,0x0005ad07000000aa,0x0005ad07000000aa",
            "0x5ad,0x0005ad00ff0000aa,0x0005ad00000000aa", "0x2c9,0x0002c900ff0000aa,0x0002c900ff0000aa"})
    void topspinAndSilverStormChassisGuidsLeaveOutTheSlotByte(String vendor, String system, String chassis) {
        assertThat(ChassisRules.chassisGuid(Integer.decode(vendor), Long.decode(system))).isEqualTo(Long.decode(chassis));
    }

    /** Xsigo's rule: a switch without its port-type byte; an adapter by its port 1's first leaf, else its own. */
    @ParameterizedTest
    @CsvSource({"0x0013970102000005,true,,0x0013970100000005", "0x0013970200000010,true,0x0013970102000005,0x0013970100000005",
            "0x0013970200000010,true,0x0000000000200000,0x0013970200000010", "0x0013970300000020,true,,0x0013970300000020",
            "0x0013970200000010,false,,0x0", "0x0013970400000001,true,,0x0013970400000001"})
    void xsigoChassisGuids(String system, boolean port1Read, String peer, String chassis) {
        OptionalLong port1Peer = peer == null ? OptionalLong.empty() : OptionalLong.of(Long.decode(peer));
        assertThat(ChassisRules.chassisGuid(0, Long.decode(system), port1Read, port1Peer)).isEqualTo(Long.decode(chassis));
    }
}
