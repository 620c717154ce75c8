// The memory snapshot as stored: without its all-zero 64 KB blocks. Over half of
// the 31.5 MB heap is zero (its free tail and one 10 MB hole: 14.8 MB kept, in five
// runs, measured here), and every warm visit reads and hashes what is stored before
// it can boot, so leaving them out halves both.
//
// Layout, little-endian u32s: total length, number of runs n, then n pairs
// (offset, length) of the runs kept, then their bytes in order. The SHA-256
// kept beside it (arranque.js) covers the whole of it, layout included.
const BLOQUE = 65536;

const esCero = (palabras, desde, hasta) => {
  for (let i = desde; i < hasta; i++) if (palabras[i] !== 0) return false;
  return true;
};

/** Runs [offset, length] of `bytes` that hold a non-zero byte, at BLOQUE granularity. */
function tramosNoNulos(bytes) {
  const palabras = new Uint32Array(bytes.buffer, bytes.byteOffset, Math.floor(bytes.length / 4));
  const tramos = [];
  for (let inicio = 0; inicio < bytes.length; inicio += BLOQUE) {
    const fin = Math.min(inicio + BLOQUE, bytes.length);
    const cola = fin - (fin % 4); // where the bytes past the last whole word start
    const nulo = esCero(palabras, inicio / 4, cola / 4) && bytes.subarray(cola, fin).every((b) => b === 0);
    if (nulo) continue;
    const ultimo = tramos[tramos.length - 1];
    if (ultimo && ultimo[0] + ultimo[1] === inicio) ultimo[1] += fin - inicio;
    else tramos.push([inicio, fin - inicio]);
  }
  return tramos;
}

/** Packs a heap copy (a Uint8Array whose byteOffset is a multiple of 4) for storage. */
export function empaquetar(bytes) {
  const tramos = tramosNoNulos(bytes);
  const cabecera = 4 * (2 + 2 * tramos.length);
  const datos = tramos.reduce((n, [, largo]) => n + largo, 0);
  const paquete = new Uint8Array(cabecera + datos);
  const vista = new DataView(paquete.buffer);
  vista.setUint32(0, bytes.length, true);
  vista.setUint32(4, tramos.length, true);
  let escrito = cabecera;
  tramos.forEach(([desde, largo], i) => {
    vista.setUint32(8 + 8 * i, desde, true);
    vista.setUint32(12 + 8 * i, largo, true);
    paquete.set(bytes.subarray(desde, desde + largo), escrito);
    escrito += largo;
  });
  return paquete;
}

/** The heap again, zeros included. Throws, before allocating, on a layout that does not add up. */
export function desempaquetar(paquete) {
  const vista = new DataView(paquete.buffer, paquete.byteOffset, paquete.byteLength);
  const mal = () => new Error("instantánea mal formada");
  if (paquete.length < 8) throw mal();
  const [total, n] = [vista.getUint32(0, true), vista.getUint32(4, true)];
  const cabecera = 8 + 8 * n;
  if (cabecera > paquete.length) throw mal();
  const tramos = Array.from({ length: n }, (_, i) => [vista.getUint32(8 + 8 * i, true), vista.getUint32(12 + 8 * i, true)]);
  let [fin, datos] = [0, 0];
  for (const [desde, largo] of tramos) { // in order, apart, inside the heap
    if (desde < fin || largo === 0 || desde + largo > total) throw mal();
    [fin, datos] = [desde + largo, datos + largo];
  }
  if (cabecera + datos !== paquete.length) throw mal();
  const bytes = new Uint8Array(total);
  let leido = cabecera;
  for (const [desde, largo] of tramos) {
    bytes.set(paquete.subarray(leido, leido + largo), desde);
    leido += largo;
  }
  return bytes;
}
