/**
 * Congestion control (management class 0x21, class version 2; IBA annex A10): the congestion control agent's
 * attributes as records with their codecs, laid out as libibmad's field tables and OpenSM's {@code ib_types.h} lay
 * them out. Every attribute sits at byte 64 of the MAD ({@link io.reactiveumad.mad.MgmtClass#dataOffset}) but the
 * CongestionLog, which starts at byte 32 ({@link CongestionLog#DATA_OFFSET}); the CC_Key is at byte 24
 * ({@link CongestionLog#CC_KEY_OFFSET}).
 */
package io.reactiveumad.mad.cc;
