package io.reactiveumad.examples;

import static org.assertj.core.api.Assertions.assertThat;

import io.reactiveumad.mad.attr.ClassPortInfo;
import io.reactiveumad.mad.perf.PortExtendedSpeedsCounters;
import io.reactiveumad.mad.perf.PortSamplesControl;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * perf -c's and -T's text, compared with what libibmad's own dumps print (mad_dump_portsamples_control,
 * mad_dump_port_ext_speeds_counters and its RS-FEC twin) for the attributes GoldenVectorTest encodes: ibsim's PMA answers
 * neither attribute, so no run of perfquery can show them.
 */
class PerfTextTest {
    /** libibmad's dump of the PortSamplesControl golden.c fills. */
    private static final String SAMPLES_CONTROL =
                "OpCode:..........................0x12\n" +
                "PortSelect:......................3\n" +
                "Tick:............................0x34\n" +
                "CounterWidth:....................5\n" +
                "CounterMask0:....................0x06\n" +
                "CounterMasks1to9:................0x05abcdef\n" +
                "CounterMasks10to14:..............0x6789\n" +
                "SampleMechanisms:................154\n" +
                "SampleStatus:....................2\n" +
                "OptionMask:......................0x0102030405060708\n" +
                "VendorMask:......................0x1112131415161718\n" +
                "SampleStart:.....................2711790500\n" +
                "SampleInterval:..................2981278644\n" +
                "Tag:.............................0xc1c2\n" +
                "CounterSelect0:..................0x0101\n" +
                "CounterSelect1:..................0x0202\n" +
                "CounterSelect2:..................0x0303\n" +
                "CounterSelect3:..................0x0404\n" +
                "CounterSelect4:..................0x0505\n" +
                "CounterSelect5:..................0x0606\n" +
                "CounterSelect6:..................0x0707\n" +
                "CounterSelect7:..................0x0808\n" +
                "CounterSelect8:..................0x0909\n" +
                "CounterSelect9:..................0x0a0a\n" +
                "CounterSelect10:.................0x0b0b\n" +
                "CounterSelect11:.................0x0c0c\n" +
                "CounterSelect12:.................0x0d0d\n" +
                "CounterSelect13:.................0x0e0e\n" +
                "CounterSelect14:.................0x0f0f\n" +
                "SamplesOnlyOptionMask:...........0x2122232425262728\n";
    /** libibmad's dump of the PortExtendedSpeedsCounters golden.c fills. */
    private static final String EXTENDED_SPEEDS =
                "PortSelect:......................9\n" +
                "CounterSelect:...................0x8070605040302010\n" +
                "SyncHeaderErrorCounter:..........4369\n" +
                "UnknownBlockCounter:.............8738\n" +
                "ErrorDetectionCounterLane0:......768\n" +
                "ErrorDetectionCounterLane1:......769\n" +
                "ErrorDetectionCounterLane2:......770\n" +
                "ErrorDetectionCounterLane3:......771\n" +
                "ErrorDetectionCounterLane4:......772\n" +
                "ErrorDetectionCounterLane5:......773\n" +
                "ErrorDetectionCounterLane6:......774\n" +
                "ErrorDetectionCounterLane7:......775\n" +
                "ErrorDetectionCounterLane8:......776\n" +
                "ErrorDetectionCounterLane9:......777\n" +
                "ErrorDetectionCounterLane10:.....778\n" +
                "ErrorDetectionCounterLane11:.....779\n" +
                "FECCorrectableBlockCtrLane0:.....67108864\n" +
                "FECCorrectableBlockCtrLane1:.....67108865\n" +
                "FECCorrectableBlockCtrLane2:.....67108866\n" +
                "FECCorrectableBlockCtrLane3:.....67108867\n" +
                "FECCorrectableBlockCtrLane4:.....67108868\n" +
                "FECCorrectableBlockCtrLane5:.....67108869\n" +
                "FECCorrectableBlockCtrLane6:.....67108870\n" +
                "FECCorrectableBlockCtrLane7:.....67108871\n" +
                "FECCorrectableBlockCtrLane8:.....67108872\n" +
                "FECCorrectableBlockCtrLane9:.....67108873\n" +
                "FECCorrectableBlockCtrLane10:....67108874\n" +
                "FECCorrectableBlockCtrLane11:....67108875\n" +
                "FECUncorrectableBlockCtrLane0:...83886080\n" +
                "FECUncorrectableBlockCtrLane1:...83886081\n" +
                "FECUncorrectableBlockCtrLane2:...83886082\n" +
                "FECUncorrectableBlockCtrLane3:...83886083\n" +
                "FECUncorrectableBlockCtrLane4:...83886084\n" +
                "FECUncorrectableBlockCtrLane5:...83886085\n" +
                "FECUncorrectableBlockCtrLane6:...83886086\n" +
                "FECUncorrectableBlockCtrLane7:...83886087\n" +
                "FECUncorrectableBlockCtrLane8:...83886088\n" +
                "FECUncorrectableBlockCtrLane9:...83886089\n" +
                "FECUncorrectableBlockCtrLane10:..83886090\n" +
                "FECUncorrectableBlockCtrLane11:..83886091\n";
    /** The same bytes through libibmad's RS-FEC field table. */
    private static final String EXTENDED_SPEEDS_RS_FEC =
                "PortSelect:......................9\n" +
                "CounterSelect:...................0x8070605040302010\n" +
                "SyncHeaderErrorCounter:..........4369\n" +
                "UnknownBlockCounter:.............8738\n" +
                "FECCorrectableSymbolCtrLane0:....67108864\n" +
                "FECCorrectableSymbolCtrLane1:....67108865\n" +
                "FECCorrectableSymbolCtrLane2:....67108866\n" +
                "FECCorrectableSymbolCtrLane3:....67108867\n" +
                "FECCorrectableSymbolCtrLane4:....67108868\n" +
                "FECCorrectableSymbolCtrLane5:....67108869\n" +
                "FECCorrectableSymbolCtrLane6:....67108870\n" +
                "FECCorrectableSymbolCtrLane7:....67108871\n" +
                "FECCorrectableSymbolCtrLane8:....67108872\n" +
                "FECCorrectableSymbolCtrLane9:....67108873\n" +
                "FECCorrectableSymbolCtrLane10:...67108874\n" +
                "FECCorrectableSymbolCtrLane11:...67108875\n" +
                "PortFECCorrectableBlockCtr:......101058054\n" +
                "PortFECUncorrectableBlockCtr:....117901063\n" +
                "PortFECCorrectedSymbolCtr:.......134744072\n";

    @Test
    void portSamplesControlIsLibibmadsDump() {
        List<Integer> selects = new ArrayList<>();
        for (int i = 0; i < PortSamplesControl.COUNTERS; i++) {
            selects.add(0x0101 * (i + 1));
        }
        PortSamplesControl control = new PortSamplesControl(0x12, 3, 0x34, 5, 6, 0x5abcdef, 0x6789, 0x9a, 2,
                0x0102030405060708L, 0x1112131415161718L, 0xa1a2a3a4L, 0xb1b2b3b4L, 0xc1c2, selects, 0x2122232425262728L);
        ClassPortInfo pma = new ClassPortInfo(1, 1, 0, 0, 0, io.reactiveumad.mad.Gid.ZERO, 0, 0, 0, 0, 0, 0, 0,
                io.reactiveumad.mad.Gid.ZERO, 0, 0, 0, 0, 0, 0, 0, 0);
        assertThat(PerfText.of("Lid 4", 3, pma, control)).isEqualTo("# PortSamplesControl: Lid 4 port 3\n" + SAMPLES_CONTROL);
    }

    @Test
    void portExtendedSpeedsCountersAreLibibmadsDumpInEitherLayout() {
        List<Integer> detected = new ArrayList<>();
        List<Long> correctable = new ArrayList<>();
        List<Long> uncorrectable = new ArrayList<>();
        for (int lane = 0; lane < PortExtendedSpeedsCounters.LANES; lane++) {
            detected.add(0x0300 + lane);
            correctable.add(0x04000000L + lane);
            uncorrectable.add(0x05000000L + lane);
        }
        PortExtendedSpeedsCounters counters = new PortExtendedSpeedsCounters(9, 0x8070605040302010L, 0x1111, 0x2222,
                detected, correctable, uncorrectable, 0x06060606L, 0x07070707L, 0x08080808L);
        assertThat(PerfText.extendedSpeeds("Lid 4", 9, counters, false))
                .isEqualTo("# PortExtendedSpeedsCounters counters: Lid 4 port 9\n" + EXTENDED_SPEEDS);
        assertThat(PerfText.extendedSpeeds("Lid 4", 9, counters, true))
                .isEqualTo("# PortExtendedSpeedsCounters with RS-FEC Active counters: Lid 4 port 9\n"
                        + EXTENDED_SPEEDS_RS_FEC);
    }
}
