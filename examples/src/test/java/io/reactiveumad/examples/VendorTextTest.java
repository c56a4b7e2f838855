package io.reactiveumad.examples;

import static org.assertj.core.api.Assertions.assertThat;

import io.reactiveumad.ReceivedMad;
import io.reactiveumad.mad.Mad;
import io.reactiveumad.mad.MadAddress;
import io.reactiveumad.mad.MadHeader;
import io.reactiveumad.mad.VendorRange2Header;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The text of ping's and sysstat's answers, read as UTF-8 by both (they read it two ways before). */
class VendorTextTest {
    @Test
    void aUtf8NameReadsAsItsCharactersAndEndsAtItsNul() {
        assertThat(VendorText.read(answer("höst-ñ.domäin\0junk".getBytes(StandardCharsets.UTF_8))))
                .isEqualTo("höst-ñ.domäin");
    }

    @Test
    void aByteThatIsNotUtf8IsKeptAsEveryTextFieldKeepsIt() {
        String text = VendorText.read(answer(new byte[] {'h', (byte) 0xE9, 'x'}));
        assertThat(text).hasSize(3).startsWith("h").endsWith("x");
        assertThat(text.charAt(1)).isEqualTo((char) 0xDCE9);
    }

    @Test
    void theLocalNameFitsOneMadWithItsNul() {
        assertThat(VendorText.hostAndDomain()).isNotEmpty().hasSizeLessThan(VendorText.DATA_SIZE);
    }

    private static ReceivedMad answer(byte[] data) {
        return new ReceivedMad(Mad.build(MadHeader.MAD_SIZE, b -> b.put(VendorRange2Header.DATA_OFFSET, data)),
                MadAddress.gsi(1));
    }
}
