/**
 * Mellanox's vendor class (0x0A, vendor range 1, class version 1, no OUI): the attributes vendstat reads and sets, as
 * records with their codecs, laid out as vendstat's own structures lay them out. Every attribute starts at byte 24 of
 * the MAD, right after the common header ({@link io.reactiveumad.mad.MgmtClass#dataOffset}), with 8 reserved bytes.
 */
package io.reactiveumad.mad.mlnx;
