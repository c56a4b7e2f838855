package io.reactiveumad.examples;

import static org.assertj.core.api.Assertions.assertThat;

import io.reactiveumad.mad.Gid;
import io.reactiveumad.mad.Octets;
import io.reactiveumad.mad.attr.InformInfo;
import io.reactiveumad.mad.attr.SmInfo;
import io.reactiveumad.mad.sa.InformInfoRecord;
import io.reactiveumad.mad.sa.ServiceRecord;
import io.reactiveumad.mad.sa.SmInfoRecord;
import org.junit.jupiter.api.Test;

/**
 * The keys in saquery's dumps: "not displayed" unless asked for, and then in saquery -K's format (OpenSM on ibsim
 * holds no record with a key that is not zero, so the ring's comparisons cannot tell a format apart from zero).
 */
class SaTextKeysTest {
    private static final byte[] KEY = {0x00, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, (byte) 0x88, (byte) 0x99,
        (byte) 0xaa, (byte) 0xbb, (byte) 0xcc, (byte) 0xdd, (byte) 0xee, (byte) 0xff};

    @Test
    void aServiceKeyIsSixteenBytesInHexOnlyWithShowKeys() {
        ServiceRecord record = new ServiceRecord(0x10, Gid.ZERO, 0xffff, ServiceRecord.LEASE_INFINITE, Octets.of(KEY),
                "svc", Octets.zeros(ServiceRecord.DATA_SIZE));
        assertThat(SaText.of(record, true)).contains("\t\tServiceKey..............0x00112233445566778899aabbccddeeff\n");
        assertThat(SaText.of(record, false)).contains("\t\tServiceKey..............<not displayed>\n")
                .doesNotContain("0x0011");
    }

    @Test
    void aSubscribersQpnIsSixHexDigitsOnlyWithShowKeys() {
        InformInfo info = new InformInfo(Gid.ZERO, 0xffff, 0, true, true, 0xffff, 64, 0x12abc, 18, 0);
        InformInfoRecord record = new InformInfoRecord(Gid.ZERO, 0, info);
        assertThat(SaText.of(record, true)).contains("\t\tqpn.....................0x012ABC\n");
        assertThat(SaText.of(record, false)).contains("\t\tqpn.....................<not displayed>\n");
    }

    @Test
    void anSmKeyThatIsNotZeroIsShownOnlyWithShowKeys() {
        SmInfoRecord record = new SmInfoRecord(1, new SmInfo(0x22, 0x1234, 5, 1, 3));
        assertThat(SaText.smInfoRecord(record, true)).contains("SM_Key................0x0000000000001234\n");
        assertThat(SaText.smInfoRecord(record, false)).contains("SM_Key................<not displayed>\n");
    }
}
