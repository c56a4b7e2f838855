package io.reactiveumad.examples;

import io.reactiveumad.examples.cli.Declaration;
import io.reactiveumad.examples.cli.Declares;
import io.reactiveumad.examples.cli.Values;

/**
 * saquery's filters a PathRecord query and an MCMemberRecord query share: MTU, rate and packet lifetime, each one byte
 * with its selector in the top two bits (0 greater than, 1 less than, 2 exactly, 3 the largest) as saquery takes it,
 * and the traffic class, flow label and hop limit. Null where not given; as in saquery, 0 gives none of the first four.
 */
final class LinkFilters implements Declares {
    private static final String SELECTED = " and its selector: the value in bits 0-5, the selector in bits 6-7 "
            + "(0 greater than, 1 less than, 2 exactly, 3 the largest), decimal or hex with 0x";

    Integer mtu;
    Integer rate;
    Integer packetLifeTime;
    Integer trafficClass;
    Integer flowLabel;
    Integer hopLimit;

    @Override
    public void declare(Declaration d) {
        d.option("-M", "--mtu").label("BYTE").help("The MTU code" + SELECTED + " (as saquery -M).")
                .to(Values.between(0, 0xFF), v -> mtu = v == 0 ? null : v);
        d.option("-R", "--rate").label("BYTE").help("The rate code" + SELECTED + " (as saquery -R).")
                .to(Values.between(0, 0xFF), v -> rate = v == 0 ? null : v);
        d.option("--pkt_lifetime").label("BYTE").help("The packet lifetime" + SELECTED + " (as saquery --pkt_lifetime).")
                .to(Values.between(0, 0xFF), v -> packetLifeTime = v == 0 ? null : v);
        d.option("-T", "--tclass").label("TCLASS").help("The traffic class (as saquery -T).")
                .to(Values.between(0, 0xFF), v -> trafficClass = v == 0 ? null : v);
        d.option("-F", "--flow_label").label("LABEL").help("The flow label, 20 bits (as saquery -F).")
                .to(Values.between(0, 0xF_FFFF), v -> flowLabel = v == 0 ? null : v);
        d.option("-H", "--hop_limit").label("HOPS").help("The hop limit (as saquery -H).")
                .to(Values.between(0, 0xFF), v -> hopLimit = v);
    }

    /** The selector of a byte as saquery takes it, 0 when not given. */
    static int selector(Integer selected) {
        return selected == null ? 0 : selected >>> 6;
    }

    /** The value of a byte as saquery takes it, 0 when not given. */
    static int value(Integer selected) {
        return selected == null ? 0 : selected & 0x3F;
    }

    static int orZero(Integer value) {
        return value == null ? 0 : value;
    }
}
