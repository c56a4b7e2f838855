package io.reactiveumad.client;

import io.reactiveumad.IbsimTransport;
import io.reactiveumad.MadPort;
import io.reactiveumad.PortSpec;
import io.reactiveumad.RmppMode;
import io.reactiveumad.Umad;
import io.reactiveumad.mad.attr.Notice;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;

/**
 * The program {@link NoticesExitIT} runs in its own JVM: a watcher that never disposes anything.
 * Arguments: ibsim socket name, node, and how to end: {@code return} returns from {@code main} once
 * subscribed; {@code wait} waits to be signalled. Prints {@value #SUBSCRIBED} once subscribed.
 */
public final class ExitingWatcher {
    static final String SUBSCRIBED = "subscribed";

    private ExitingWatcher() {
    }

    public static void main(String[] args) throws InterruptedException {
        String node = args[1];
        IbsimTransport sim = IbsimTransport.fromEnvironment(
                java.util.Map.of(IbsimTransport.ENV_SOCKET_NAME, args[0], IbsimTransport.ENV_NODE, node));
        MadPort port = Umad.open(sim, new PortSpec(node, 1)).block(Duration.ofSeconds(20));
        CountDownLatch subscribed = new CountDownLatch(1);
        Notices.of(port, NoticeOptions.defaults().withRmpp(RmppMode.NONE))
                .watch(TrapSelector.trap(Notice.TRAP_GID_OUT_OF_SERVICE))
                .subscribe(event -> subscribed.countDown(), error -> {
                    System.err.println("watch failed: " + error);
                    System.exit(3);
                });
        subscribed.await();
        System.out.println(SUBSCRIBED);
        System.out.flush();
        if (args[2].equals("wait")) {
            new CountDownLatch(1).await();
        }
    }
}
