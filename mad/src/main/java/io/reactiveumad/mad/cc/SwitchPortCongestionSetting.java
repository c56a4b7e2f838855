package io.reactiveumad.mad.cc;

import io.reactiveumad.mad.AttributeId;
import io.reactiveumad.mad.BitField;
import io.reactiveumad.mad.MadAttribute;
import io.reactiveumad.mad.Wire;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

/**
 * SwitchPortCongestionSetting (CC attribute 0x0015): one block of {@value #PORTS_PER_BLOCK} ports' congestion
 * settings; the attribute modifier is the block, so port N is element {@code N % 32} of block {@code N / 32}
 * (IBA A10.4.3.5, OpenSM's {@code ib_sw_port_cong_setting_t}).
 *
 * <pre>
 *  0               1               2               3
 *  |V|C|Rsv|Thresh | Packet_Size   | Cong_Parm_Marking_Rate        |   4 bytes per port, 32 ports
 * </pre>
 */
public record SwitchPortCongestionSetting(List<Element> elements) implements MadAttribute {
    public static final int ATTRIBUTE_ID = AttributeId.Cc.SWITCH_PORT_CONGESTION_SETTING;
    public static final int PORTS_PER_BLOCK = 32;
    public static final int SIZE = PORTS_PER_BLOCK * Element.SIZE;

    /**
     * One port's settings.
     *
     * @param valid       whether the port's settings apply (else the switch's)
     * @param controlType 0: congestion control as SwitchCongestionSetting's; 1: credit starvation
     * @param threshold   0 to 15, as SwitchCongestionSetting's
     * @param packetSize  packets up to this many 64-byte credits are not marked
     * @param markingRate with control type 0, the mean number of packets between two marked ones
     */
    public record Element(boolean valid, int controlType, int threshold, int packetSize, int markingRate) {
        public static final int SIZE = 4;
        public static final Element NONE = new Element(false, 0, 0, 0, 0);

        private static final BitField VALID = BitField.flag(0, 7);
        private static final BitField CONTROL_TYPE = BitField.in8(0, 6, 1);
        private static final BitField THRESHOLD = BitField.in8(0, 0, 4);

        static Element decode(ByteBuffer buf, int o) {
            return new Element(VALID.isSet(buf, o), CONTROL_TYPE.get(buf, o), THRESHOLD.get(buf, o), Wire.u8(buf, o + 1),
                    Wire.u16(buf, o + 2));
        }

        void encode(ByteBuffer buf, int o) {
            VALID.put(buf, o, valid);
            CONTROL_TYPE.put(buf, o, controlType);
            THRESHOLD.put(buf, o, threshold);
            Wire.putU8(buf, o + 1, packetSize);
            Wire.putU16(buf, o + 2, markingRate);
        }
    }

    public SwitchPortCongestionSetting {
        elements = List.copyOf(elements);
        if (elements.size() != PORTS_PER_BLOCK) {
            throw new IllegalArgumentException("a block has " + PORTS_PER_BLOCK + " elements, got " + elements.size());
        }
    }

    /** A block of ports without settings of their own. */
    public static SwitchPortCongestionSetting none() {
        return new SwitchPortCongestionSetting(Collections.nCopies(PORTS_PER_BLOCK, Element.NONE));
    }

    /** The attribute modifier (block) that holds {@code port}. */
    public static int block(int port) {
        return port / PORTS_PER_BLOCK;
    }

    /** The settings of {@code port}, which must be in this block (the one {@link #block} gives). */
    public Element port(int port) {
        return elements.get(port % PORTS_PER_BLOCK);
    }

    /** This block with {@code port}'s element replaced. */
    public SwitchPortCongestionSetting with(int port, Element element) {
        Objects.requireNonNull(element, "element");
        List<Element> changed = new ArrayList<>(elements);
        changed.set(port % PORTS_PER_BLOCK, element);
        return new SwitchPortCongestionSetting(changed);
    }

    public static SwitchPortCongestionSetting decode(ByteBuffer buf, int o) {
        Wire.check("SwitchPortCongestionSetting", buf, o, SIZE);
        List<Element> elements = new ArrayList<>(PORTS_PER_BLOCK);
        for (int i = 0; i < PORTS_PER_BLOCK; i++) {
            elements.add(Element.decode(buf, o + i * Element.SIZE));
        }
        return new SwitchPortCongestionSetting(elements);
    }

    @Override
    public void encode(ByteBuffer buf, int o) {
        Wire.check("SwitchPortCongestionSetting", buf, o, SIZE);
        Wire.zero(buf, o, SIZE);
        for (int i = 0; i < PORTS_PER_BLOCK; i++) {
            elements.get(i).encode(buf, o + i * Element.SIZE);
        }
    }

    @Override
    public int encodedSize() {
        return SIZE;
    }
}
