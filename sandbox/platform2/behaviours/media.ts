/**
 * The operations that answer bytes (binaryResponse): a voice preview (MP3 frame header + silence) and a
 * saved announcement (a valid, short, silent WAV), so a client can check it got audio and not JSON.
 * Plus getTranslationSession, whose phrase list is read in sequence with `after`.
 */
import { data, type P2Answer } from '../answers';
import type { P2Call } from '../context';

/** 0.1 s of 8 kHz 16-bit mono silence, as a RIFF/WAVE file. */
export function silentWav(): Buffer {
	const samples = 800;
	const bytes = samples * 2;
	const out = Buffer.alloc(44 + bytes);
	out.write('RIFF', 0, 'ascii');
	out.writeUInt32LE(36 + bytes, 4);
	out.write('WAVEfmt ', 8, 'ascii');
	out.writeUInt32LE(16, 16);
	out.writeUInt16LE(1, 20); // PCM
	out.writeUInt16LE(1, 22); // mono
	out.writeUInt32LE(8000, 24);
	out.writeUInt32LE(16000, 28);
	out.writeUInt16LE(2, 32);
	out.writeUInt16LE(16, 34);
	out.write('data', 36, 'ascii');
	out.writeUInt32LE(bytes, 40);
	return out;
}

/** An MPEG-1 Layer III frame header followed by zeros: enough for a client to see audio/mpeg bytes. */
function silentMp3(): Buffer {
	const out = Buffer.alloc(417);
	out.set([0xff, 0xfb, 0x90, 0x64], 0);
	return out;
}

export function getVoicePreview(): P2Answer {
	return { status: 200, body: null, raw: { contentType: 'audio/mpeg', data: silentMp3() } };
}

export function getAssistantAnnouncementAudio(): P2Answer {
	return { status: 200, body: null, raw: { contentType: 'audio/wav', data: silentWav() } };
}

interface Phrase {
	sequence: number;
}

/** The session with the phrases after `after`; meta.next_cursor is the sequence to send next (null: none new). */
export function getTranslationSession(call: P2Call): P2Answer {
	const session = call.found[0];
	const after = typeof call.query.after === 'number' ? call.query.after : 0;
	const phrases = ((session.phrases as Phrase[] | undefined) ?? []).filter((p) => p.sequence > after);
	return data({ ...session, phrases }, { next_cursor: phrases.length ? phrases[phrases.length - 1].sequence : null });
}
