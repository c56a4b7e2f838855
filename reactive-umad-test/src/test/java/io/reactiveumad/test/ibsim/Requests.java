package io.reactiveumad.test.ibsim;

import io.reactiveumad.mad.DirectedRouteSmp;
import io.reactiveumad.mad.Mad;
import io.reactiveumad.mad.MadAddress;
import io.reactiveumad.mad.MadAttribute;
import io.reactiveumad.mad.MadHeader;
import io.reactiveumad.mad.Method;
import io.reactiveumad.mad.MgmtClass;
import io.reactiveumad.mad.SaHeader;
import io.reactiveumad.mad.perf.PortCounters;

/** The request MADs the oracle tests send, built with the mad module's flyweights. */
final class Requests {
    static final int SMP_VERSION = 1;
    static final int SA_VERSION = 2;
    static final int PERF_VERSION = 1;

    private Requests() {
    }

    /** A LID-routed SubnGet of {@code attributeId}. */
    static byte[] smpGet(int attributeId, long modifier) {
        return Mad.build(b -> new MadHeader().wrap(b, 0).mgmtClass(MgmtClass.SUBN_LID_ROUTED).classVersion(SMP_VERSION)
                .methodByte(Method.GET).attributeId(attributeId).attributeModifier(modifier)).toByteArray();
    }

    /** A directed-route SubnGet leaving through {@code ports} (empty: the local node itself). */
    static byte[] drSmpGet(int attributeId, long modifier, int... ports) {
        return Mad.build(b -> {
            new MadHeader().wrap(b, 0).mgmtClass(MgmtClass.SUBN_DIRECTED_ROUTE).classVersion(SMP_VERSION)
                    .methodByte(Method.GET).attributeId(attributeId).attributeModifier(modifier);
            new DirectedRouteSmp().wrap(b, 0).route(ports).drSlid(MadAddress.PERMISSIVE_LID)
                    .drDlid(MadAddress.PERMISSIVE_LID);
        }).toByteArray();
    }

    /** A SubnAdmGet of one record: {@code template} with the fields {@code componentMask} names. */
    static byte[] saGet(int attributeId, long componentMask, MadAttribute template) {
        return Mad.build(b -> {
            new MadHeader().wrap(b, 0).mgmtClass(MgmtClass.SUBN_ADM).classVersion(SA_VERSION).methodByte(Method.GET)
                    .attributeId(attributeId);
            new SaHeader().wrap(b, 0).componentMask(componentMask);
            template.encode(b, SaHeader.DATA_OFFSET);
        }).toByteArray();
    }

    /** A PerfMgt Get(PortCounters) for {@code port}. */
    static byte[] portCountersGet(int port) {
        return Mad.build(b -> {
            new MadHeader().wrap(b, 0).mgmtClass(MgmtClass.PERF).classVersion(PERF_VERSION).methodByte(Method.GET)
                    .attributeId(PortCounters.ATTRIBUTE_ID);
            PortCounters.reset(port, 0, 0).encode(b, MgmtClass.DEVICE_DATA_OFFSET);
        }).toByteArray();
    }
}
