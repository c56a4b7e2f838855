/**
 * The MAD wire model: header flyweights, attribute records and their codecs, status codes, and
 * {@link io.reactiveumad.mad.UmadException}, the root of every error reactive-umad reports. No dependencies.
 */
module io.reactiveumad.mad {
    exports io.reactiveumad.mad;
    exports io.reactiveumad.mad.attr;
    exports io.reactiveumad.mad.cc;
    exports io.reactiveumad.mad.mlnx;
    exports io.reactiveumad.mad.perf;
    exports io.reactiveumad.mad.sa;
    /** A request's bytes without a copy, for the core's send path: see SharedMadBytes. */
    exports io.reactiveumad.mad.internal to io.reactiveumad;
}
