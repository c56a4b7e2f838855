package io.reactiveumad.test.topology;

/**
 * An addressable port of a node: port 0 of a switch (its management port, which owns the switch's LID
 * and GUID) or a port 1..n of a CA or router.
 *
 * @param number port number
 * @param guid   port GUID
 * @param lid    base LID as the file says, 0 when unknown (the embedded SM assigns its own)
 * @param lmc    LID mask control
 */
public record Port(int number, long guid, int lid, int lmc) {
    public Port {
        if (number < 0 || number > 254) {
            throw new IllegalArgumentException("port number must be 0..254: " + number);
        }
        if (lid < 0 || lid > 0xFFFF) {
            throw new IllegalArgumentException("lid out of range: " + lid);
        }
        if (lmc < 0 || lmc > 7) {
            throw new IllegalArgumentException("lmc must be 0..7: " + lmc);
        }
    }
}
