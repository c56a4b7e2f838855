package io.reactiveumad.client;

import io.reactiveumad.FakeChannel;
import io.reactiveumad.FakePortTest;
import io.reactiveumad.mad.MadHeader;
import io.reactiveumad.spi.channel.MadFrame;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.function.Consumer;

/** A port over reactive-umad's kernel-like {@link FakeChannel}, in virtual time, with answer helpers. */
abstract class ClientTestBase extends FakePortTest {

    /** The frames sent, without the RMPP ACKs our receiver sends for multi-MAD responses. */
    List<MadFrame> requests() {
        return channel.sent.stream().filter(f -> !SaClientTest.isRmppControl(ByteBuffer.wrap(f.mad()))).toList();
    }

    /** The last request sent, as a big-endian buffer. */
    ByteBuffer lastSent() {
        return ByteBuffer.wrap(lastFrame().mad());
    }

    MadFrame lastFrame() {
        List<MadFrame> sent = requests();
        return sent.get(sent.size() - 1);
    }

    /** The response to {@code request}: a copy with method {@code responseMethod}, changed by {@code body}. */
    static List<MadFrame> answer(MadFrame request, int responseMethod, Consumer<ByteBuffer> body) {
        byte[] r = request.mad().clone();
        ByteBuffer b = ByteBuffer.wrap(r);
        b.put(MadHeader.METHOD_OFFSET, (byte) responseMethod);
        body.accept(b);
        return List.of(new MadFrame(0, 0, 0, 0, request.address(), r));
    }
}
