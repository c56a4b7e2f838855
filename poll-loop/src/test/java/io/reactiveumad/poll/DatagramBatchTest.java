package io.reactiveumad.poll;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** sendmmsg/recvmmsg through {@link DatagramBatch} on a connected pair of AF_UNIX datagram (seqpacket) sockets. */
class DatagramBatchTest {
    private static final int SLOT = 32;
    private final FileDescriptor[] pair = FileDescriptor.socketPair(true);

    @AfterEach
    void close() {
        pair[0].close();
        pair[1].close();
    }

    @Test
    void oneCallSendsSeveralDatagramsAndOneCallReceivesThemWithTheirLengths() {
        DatagramBatch out = new DatagramBatch(4, SLOT);
        for (int i = 0; i < 4; i++) {
            out.slot(i).putInt(0, 100 + i).put(SLOT - 1, (byte) i);
        }
        DatagramBatch in = new DatagramBatch(8, SLOT);

        assertThat(pair[0].send(out, 1, 3)).isEqualTo(3);
        assertThat(pair[1].receive(in)).isEqualTo(3);

        for (int i = 0; i < 3; i++) {
            assertThat(in.length(i)).isEqualTo(SLOT);
            assertThat(in.slot(i).getInt(0)).isEqualTo(101 + i);
            assertThat(in.slot(i).get(SLOT - 1)).isEqualTo((byte) (i + 1));
        }
        assertThat(pair[1].receive(in)).isEqualTo(FileDescriptor.AGAIN);
    }

    @Test
    void aFullSocketTakesPartOfABatchThenNoneAndWhatItTookArrivesWholeAndInOrder() {
        DatagramBatch out = new DatagramBatch(16, SLOT);
        int sent = 0;
        boolean full = false;
        for (int calls = 0; calls < 100_000 && !full; calls++) {
            for (int i = 0; i < out.capacity(); i++) {
                out.slot(i).putInt(0, sent + i);
            }
            int n = pair[0].send(out, 0, out.capacity());
            if (n == FileDescriptor.AGAIN) {
                full = true;
            } else {
                assertThat(n).isBetween(1, out.capacity());
                sent += n;
            }
        }
        assertThat(full).as("the socket filled up").isTrue();

        DatagramBatch in = new DatagramBatch(16, SLOT);
        List<Integer> received = new ArrayList<>();
        for (int n = pair[1].receive(in); n != FileDescriptor.AGAIN; n = pair[1].receive(in)) {
            for (int i = 0; i < n; i++) {
                assertThat(in.length(i)).isEqualTo(SLOT);
                received.add(in.slot(i).getInt(0));
            }
        }
        assertThat(received).hasSize(sent);
        for (int i = 0; i < sent; i++) {
            assertThat(received.get(i)).isEqualTo(i);
        }
    }

    @Test
    void slotsOutsideTheBatchAreRefusedBeforeAnySystemCall() {
        DatagramBatch out = new DatagramBatch(4, SLOT);
        assertThatThrownBy(() -> pair[0].send(out, 3, 2)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> pair[0].send(out, 0, 0)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> new DatagramBatch(0, SLOT)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aClosedDescriptorIsEbadf() {
        pair[0].close();
        assertThatThrownBy(() -> pair[0].send(new DatagramBatch(1, SLOT), 0, 1))
                .isInstanceOfSatisfying(io.reactiveumad.mad.NativeIoException.class,
                        e -> assertThat(e.errno()).isEqualTo(Errors.EBADF));
    }
}
