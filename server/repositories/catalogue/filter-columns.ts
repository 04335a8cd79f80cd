import { type Bits, Codes, clearBit, type FilterColumn, type Scratch, setBit } from './facet-columns'

/**
 * The kinds of column a filter keeps in the facet index (declared with the filter in filters.ts): each row's
 * value, and a bitmap of the rows of each value, which the scan combines word by word.
 */

/** Lists that are the same are kept once (most products share their sizes, colours and category path). */
class Lists {
  private kept = new Map<string, readonly number[]>()
  of(values: readonly number[]): readonly number[] {
    const key = values.join(',')
    let list = this.kept.get(key)
    if (!list) {
      list = [...values]
      this.kept.set(key, list)
    }
    return list
  }
}

/** `bits` with room for `capacity` rows. */
function widened(bits: Bits, capacity: number): Bits {
  const wider = new Uint32Array(capacity >>> 5)
  wider.set(bits)
  return wider
}

/** A yes-or-no column (in stock, discounted): the rows where it holds. */
export class FlagColumn implements FilterColumn {
  bits: Bits = new Uint32Array(0)
  grow(capacity: number) {
    this.bits = widened(this.bits, capacity)
  }
  put(at: number, value: unknown) {
    if (value === true) setBit(this.bits, at)
  }
  remove(at: number) {
    clearBit(this.bits, at)
  }
}

/** Ids a row is under (its category and the ones above it, its campaigns): each row's ids, the rows of each id. */
export class IdsColumn implements FilterColumn {
  /** each row's ids (one list shared by the rows having the same) */
  lists: (readonly number[])[] = []
  /** the rows of each id; an id no longer met keeps an empty bitmap */
  bits = new Map<number, Bits>()
  private capacity = 0
  private shared = new Lists()
  private readonly none = this.shared.of([])

  grow(capacity: number) {
    this.capacity = capacity
    for (const [id, bits] of this.bits) this.bits.set(id, widened(bits, capacity))
  }
  put(at: number, value: unknown) {
    const list = this.shared.of(value as number[])
    this.lists[at] = list
    for (const id of list) {
      let bits = this.bits.get(id)
      if (!bits) {
        bits = new Uint32Array(this.capacity >>> 5)
        this.bits.set(id, bits)
      }
      setBit(bits, at)
    }
  }
  remove(at: number) {
    for (const id of this.lists[at] ?? this.none) clearBit(this.bits.get(id) as Bits, at)
    this.lists[at] = this.none
  }
}

/** Values numbered in the order they are met, with the rows of each (a value no longer met keeps an empty bitmap). */
abstract class CodedColumn<K> implements FilterColumn {
  codes = new Codes<K>()
  bits: Bits[] = []
  private capacity = 0

  grow(capacity: number) {
    this.capacity = capacity
    this.bits = this.bits.map((bits) => widened(bits, capacity))
  }
  abstract put(at: number, value: unknown): void
  abstract remove(at: number): void

  /** the rows of a value's number */
  protected rowsOf(code: number): Bits {
    while (this.bits.length <= code) this.bits.push(new Uint32Array(this.capacity >>> 5))
    return this.bits[code] as Bits
  }

  /** The rows having any of `values` (one the index has never met has none), in a bitmap of the scan's. */
  anyOf(scratch: Scratch, values: readonly K[]): Bits {
    const out = scratch.take()
    for (const value of values) {
      const code = this.codes.find(value)
      const rows = code === undefined ? undefined : this.bits[code]
      if (rows) for (let w = 0; w < out.length; w++) out[w] = (out[w] as number) | (rows[w] as number)
    }
    return out
  }
}

/** One value per row (its brand): each row's value's number. */
export class ValueColumn<K> extends CodedColumn<K> {
  code = new Int32Array(0)

  override grow(capacity: number) {
    super.grow(capacity)
    const code = new Int32Array(capacity)
    code.set(this.code)
    this.code = code
  }
  put(at: number, value: unknown) {
    const code = this.codes.of(value as K)
    this.code[at] = code
    setBit(this.rowsOf(code), at)
  }
  remove(at: number) {
    clearBit(this.rowsOf(this.code[at] as number), at)
  }
}

/** Several values per row (its sizes, its colours): each row's values' numbers. */
export class ValuesColumn<K> extends CodedColumn<K> {
  /** each row's numbers (one list shared by the rows having the same) */
  lists: (readonly number[])[] = []
  private shared = new Lists()
  private readonly none = this.shared.of([])

  put(at: number, value: unknown) {
    const list = this.shared.of((value as K[]).map((one) => this.codes.of(one)))
    this.lists[at] = list
    for (const code of list) setBit(this.rowsOf(code), at)
  }
  remove(at: number) {
    for (const code of this.lists[at] ?? this.none) clearBit(this.rowsOf(code), at)
    this.lists[at] = this.none
  }
}
