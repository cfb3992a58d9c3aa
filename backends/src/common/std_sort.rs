//! `std::sort` as libstdc++ implements it (introsort: median-of-three quicksort down to
//! sixteen elements, heapsort past the depth limit, a final insertion sort), for emitters that
//! sort with `llvm::sort` by a key on which elements tie: which of the tied elements comes
//! first is whatever this algorithm makes of the input order, and llvm-tblgen's output shows
//! it. LLVM's release builds (Debian's, and the reference built from source) use libstdc++.

/// `_S_threshold`: ranges this short are left to the final insertion sort.
const THRESHOLD: usize = 16;

/// Sorts `v` as `std::sort(v.begin(), v.end(), less)` does.
pub fn std_sort_by<T: Clone>(v: &mut [T], mut less: impl FnMut(&T, &T) -> bool) {
    if v.len() < 2 {
        return;
    }
    let depth = 2 * (usize::BITS - 1 - v.len().leading_zeros()) as usize;
    introsort_loop(v, depth, &mut less);
    final_insertion_sort(v, &mut less);
}

fn introsort_loop<T: Clone>(mut v: &mut [T], mut depth: usize, less: &mut impl FnMut(&T, &T) -> bool) {
    while v.len() > THRESHOLD {
        if depth == 0 {
            heap_sort(v, less);
            return;
        }
        depth -= 1;
        let cut = partition_pivot(v, less);
        let (front, back) = v.split_at_mut(cut);
        introsort_loop(back, depth, less);
        v = front;
    }
}

/// `__unguarded_partition_pivot`: the median of the second, middle and last elements moved
/// first, then the rest partitioned around it; the index of the second part.
fn partition_pivot<T: Clone>(v: &mut [T], less: &mut impl FnMut(&T, &T) -> bool) -> usize {
    let (a, b, c) = (1, v.len() / 2, v.len() - 1);
    let median = if less(&v[a], &v[b]) {
        if less(&v[b], &v[c]) {
            b
        } else if less(&v[a], &v[c]) {
            c
        } else {
            a
        }
    } else if less(&v[a], &v[c]) {
        a
    } else if less(&v[b], &v[c]) {
        c
    } else {
        b
    };
    v.swap(0, median);
    let (mut first, mut last) = (1, v.len());
    loop {
        while less(&v[first], &v[0]) {
            first += 1;
        }
        last -= 1;
        while less(&v[0], &v[last]) {
            last -= 1;
        }
        if first >= last {
            return first;
        }
        v.swap(first, last);
        first += 1;
    }
}

fn final_insertion_sort<T: Clone>(v: &mut [T], less: &mut impl FnMut(&T, &T) -> bool) {
    let sorted = v.len().min(THRESHOLD);
    for i in 1..sorted {
        if less(&v[i], &v[0]) {
            v[..=i].rotate_right(1);
        } else {
            linear_insert(v, i, less);
        }
    }
    for i in sorted..v.len() {
        linear_insert(v, i, less);
    }
}

/// `__unguarded_linear_insert`: element `i` moved back past the greater ones before it.
fn linear_insert<T: Clone>(v: &mut [T], i: usize, less: &mut impl FnMut(&T, &T) -> bool) {
    let mut j = i;
    while j > 0 && less(&v[i], &v[j - 1]) {
        j -= 1;
    }
    v[j..=i].rotate_right(1);
}

/// `__partial_sort(first, last, last)`: `make_heap`, then `sort_heap`.
fn heap_sort<T: Clone>(v: &mut [T], less: &mut impl FnMut(&T, &T) -> bool) {
    let len = v.len();
    if len >= 2 {
        let mut parent = (len - 2) / 2;
        loop {
            let value = v[parent].clone();
            adjust_heap(v, parent, len, value, less);
            if parent == 0 {
                break;
            }
            parent -= 1;
        }
    }
    let mut last = len;
    while last > 1 {
        last -= 1;
        let value = v[last].clone();
        v[last] = v[0].clone();
        adjust_heap(&mut v[..last], 0, last, value, less);
    }
}

/// `__adjust_heap`: the hole at `hole` sifted down to a leaf, then `value` pushed up from it.
fn adjust_heap<T: Clone>(v: &mut [T], mut hole: usize, len: usize, value: T, less: &mut impl FnMut(&T, &T) -> bool) {
    let top = hole;
    let mut child = hole;
    while child < (len - 1) / 2 {
        child = 2 * (child + 1);
        if less(&v[child], &v[child - 1]) {
            child -= 1;
        }
        v[hole] = v[child].clone();
        hole = child;
    }
    if len.is_multiple_of(2) && child == (len - 2) / 2 {
        child = 2 * (child + 1);
        v[hole] = v[child - 1].clone();
        hole = child - 1;
    }
    let mut parent = hole.wrapping_sub(1) / 2;
    while hole > top && less(&v[parent], &value) {
        v[hole] = v[parent].clone();
        hole = parent;
        parent = hole.wrapping_sub(1) / 2;
    }
    v[hole] = value;
}

/// `_S_chunk_size`: `std::stable_sort` insertion-sorts runs this long before merging.
const CHUNK_SIZE: usize = 7;

/// Sorts `v` as libstdc++'s `std::stable_sort(v.begin(), v.end(), less)` (`llvm::stable_sort`)
/// does with its temporary buffer: each half merge-sorted through the buffer (insertion-sorted
/// runs of seven, merged pairwise back and forth), then the halves merged. With a comparison
/// that is a strict weak order this is any stable sort; LLVM's matcher compares matchables
/// with one that is not always, and then only these steps give its order.
pub fn std_stable_sort_by<T: Clone>(v: &mut [T], mut less: impl FnMut(&T, &T) -> bool) {
    if v.len() < 2 {
        return;
    }
    let middle = v.len().div_ceil(2);
    let mut buffer: Vec<T> = Vec::with_capacity(middle);
    merge_sort_with_buffer(&mut v[..middle], &mut buffer, &mut less);
    merge_sort_with_buffer(&mut v[middle..], &mut buffer, &mut less);
    merge_adaptive(v, middle, &mut less);
}

/// `items` reordered as [`std_stable_sort_by`] orders them, for values that cannot be cloned
/// (the sort moves their positions instead): LLVM's GlobalISel rules, whose priority is no
/// strict weak order (two rules can each tie with a third and not with each other).
pub fn std_stable_sorted<T>(items: Vec<T>, less: impl Fn(&T, &T) -> bool) -> Vec<T> {
    let mut order: Vec<usize> = (0..items.len()).collect();
    std_stable_sort_by(&mut order, |&a, &b| less(&items[a], &items[b]));
    let mut slots: Vec<Option<T>> = items.into_iter().map(Some).collect();
    order.into_iter().filter_map(|i| slots[i].take()).collect()
}

/// `__insertion_sort`.
fn insertion_sort<T: Clone>(v: &mut [T], less: &mut impl FnMut(&T, &T) -> bool) {
    for i in 1..v.len() {
        let value = v[i].clone();
        if less(&value, &v[0]) {
            v[..=i].rotate_right(1);
        } else {
            let mut j = i;
            while less(&value, &v[j - 1]) {
                v[j] = v[j - 1].clone();
                j -= 1;
            }
            v[j] = value;
        }
    }
}

/// `__move_merge`: two sorted runs into `out`, the second's element first only when less.
fn move_merge<T: Clone>(a: &[T], b: &[T], out: &mut Vec<T>, less: &mut impl FnMut(&T, &T) -> bool) {
    let (mut i, mut j) = (0, 0);
    while i < a.len() && j < b.len() {
        if less(&b[j], &a[i]) {
            out.push(b[j].clone());
            j += 1;
        } else {
            out.push(a[i].clone());
            i += 1;
        }
    }
    out.extend_from_slice(&a[i..]);
    out.extend_from_slice(&b[j..]);
}

/// `__merge_sort_loop`: runs of `step` merged pairwise from `from` into `to`.
fn merge_sort_loop<T: Clone>(from: &[T], to: &mut Vec<T>, step: usize, less: &mut impl FnMut(&T, &T) -> bool) {
    to.clear();
    let two_step = 2 * step;
    let mut first = 0;
    while from.len() - first >= two_step {
        move_merge(&from[first..first + step], &from[first + step..first + two_step], to, less);
        first += two_step;
    }
    let step = step.min(from.len() - first);
    move_merge(&from[first..first + step], &from[first + step..], to, less);
}

/// `__merge_sort_with_buffer`.
fn merge_sort_with_buffer<T: Clone>(v: &mut [T], buffer: &mut Vec<T>, less: &mut impl FnMut(&T, &T) -> bool) {
    let len = v.len();
    for chunk in v.chunks_mut(CHUNK_SIZE) {
        insertion_sort(chunk, less);
    }
    let mut step = CHUNK_SIZE;
    let mut back = Vec::with_capacity(len);
    while step < len {
        merge_sort_loop(v, buffer, step, less);
        step *= 2;
        merge_sort_loop(buffer, &mut back, step, less);
        v.clone_from_slice(&back);
        step *= 2;
    }
}

/// `__merge_adaptive` with a buffer that holds the shorter run.
fn merge_adaptive<T: Clone>(v: &mut [T], middle: usize, less: &mut impl FnMut(&T, &T) -> bool) {
    let (len1, len2) = (middle, v.len() - middle);
    if len1 <= len2 {
        // `__move_merge_adaptive`: forwards, the first run from the buffer.
        let a: Vec<T> = v[..middle].to_vec();
        let (mut i, mut j, mut out) = (0, middle, 0);
        while i < a.len() && j < v.len() {
            if less(&v[j], &a[i]) {
                v[out] = v[j].clone();
                j += 1;
            } else {
                v[out] = a[i].clone();
                i += 1;
            }
            out += 1;
        }
        for x in &a[i..] {
            v[out] = x.clone();
            out += 1;
        }
    } else {
        // `__move_merge_adaptive_backward`: from the ends, the second run from the buffer.
        let b: Vec<T> = v[middle..].to_vec();
        if b.is_empty() {
            return;
        }
        let mut result = v.len();
        let mut last1 = middle - 1;
        let mut last2 = b.len() - 1;
        loop {
            if less(&b[last2], &v[last1]) {
                result -= 1;
                v[result] = v[last1].clone();
                if last1 == 0 {
                    for k in (0..=last2).rev() {
                        result -= 1;
                        v[result] = b[k].clone();
                    }
                    return;
                }
                last1 -= 1;
            } else {
                result -= 1;
                v[result] = b[last2].clone();
                if last2 == 0 {
                    return;
                }
                last2 -= 1;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sorted_values_keep_their_order_among_equals() {
        let items: Vec<(u32, char)> = vec![(1, 'a'), (3, 'b'), (1, 'c'), (2, 'd'), (3, 'e')];
        let sorted = std_stable_sorted(items, |a, b| a.0 > b.0);
        assert_eq!(sorted, [(3, 'b'), (3, 'e'), (2, 'd'), (1, 'a'), (1, 'c')]);
    }

    #[test]
    fn sorts_like_any_sort_on_distinct_keys() {
        let mut v: Vec<u32> = (0..200).map(|i| (i * 7919) % 211).collect();
        let mut expected = v.clone();
        expected.sort();
        std_sort_by(&mut v, |a, b| a < b);
        assert_eq!(v, expected);
    }

    #[test]
    fn short_ranges_keep_ties_in_order() {
        // Up to sixteen elements std::sort is an insertion sort, so stable.
        let mut v: Vec<(u8, u8)> = (0..16).map(|i| (i % 2, i)).collect();
        std_sort_by(&mut v, |a, b| a.0 < b.0);
        let firsts: Vec<u8> = v.iter().filter(|e| e.0 == 0).map(|e| e.1).collect();
        assert_eq!(firsts, vec![0, 2, 4, 6, 8, 10, 12, 14]);
    }

    #[test]
    fn longer_ranges_reorder_ties_as_libstdcxx_does() {
        // The orders g++ 12's std::sort gives these inputs, sorted by the first member only.
        let mut v: Vec<(u8, u8)> = (0..17).map(|i| (u8::from(i != 0), i)).collect();
        std_sort_by(&mut v, |a, b| a.0 < b.0);
        let order: Vec<u8> = v.iter().map(|e| e.1).collect();
        assert_eq!(order, [0, 8, 16, 15, 14, 13, 12, 11, 10, 9, 7, 6, 5, 4, 3, 2, 1]);
        let mut w: Vec<(u32, u32)> = (0..40).map(|i| ((i * 7) % 5, i)).collect();
        std_sort_by(&mut w, |a, b| a.0 < b.0);
        let order: Vec<u32> = w.iter().map(|e| e.1).collect();
        assert_eq!(
            order,
            [
                10, 20, 25, 15, 30, 35, 5, 0, 33, 8, 28, 13, 3, 38, 23, 18, 31, 1, 36, 26, 21, 6, 16, 11, 39, 19, 4,
                34, 9, 29, 14, 24, 12, 27, 32, 7, 17, 37, 2, 22
            ]
        );
    }

    #[test]
    fn heap_sort_sorts() {
        let mut v: Vec<i32> = vec![5, 3, 9, 1, 1, 8, 2, 7, 6, 0, 4];
        heap_sort(&mut v, &mut |a: &i32, b: &i32| a < b);
        assert_eq!(v, vec![0, 1, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    }

    #[test]
    fn stable_sort_keeps_ties_in_order_at_every_length() {
        for len in [0usize, 1, 2, 7, 8, 15, 29, 100, 257] {
            let mut v: Vec<(u32, usize)> = (0..len).map(|i| (((i * 7919) % 13) as u32, i)).collect();
            let mut expected = v.clone();
            expected.sort_by_key(|e| e.0);
            std_stable_sort_by(&mut v, |a, b| a.0 < b.0);
            assert_eq!(v, expected, "length {len}");
        }
    }

    #[test]
    fn stable_sort_follows_libstdcxx_on_an_inconsistent_order() {
        // "a < b" only for neighbours in value: not a strict weak order. The order g++ 12's
        // std::stable_sort gives this input (insertion-sorted runs of seven, then merges).
        let mut v: Vec<u32> = vec![9, 3, 7, 1, 8, 2, 6, 0, 5, 4, 11, 10];
        std_stable_sort_by(&mut v, |a, b| *a + 1 == *b);
        assert_eq!(v, [8, 9, 3, 7, 1, 2, 4, 5, 6, 0, 10, 11]);
        let mut w: Vec<(u32, u32)> =
            (0..40u32).map(|i| (if (i * 7919) % 5 == 0 { 0 } else { (i * 31) % 17 }, i)).collect();
        std_stable_sort_by(&mut w, |a, b| a.0 + 2 < b.0 || (a.0 % 3 == 0 && b.0 % 3 == 1));
        let order: Vec<u32> = w.iter().map(|e| e.1).collect();
        assert_eq!(
            order,
            [
                0, 5, 10, 15, 17, 20, 22, 25, 30, 34, 35, 39, 4, 16, 21, 33, 3, 32, 38, 2, 14, 19, 31, 37, 36, 1, 13,
                12, 29, 11, 28, 27, 9, 26, 8, 7, 24, 6, 18, 23
            ]
        );
    }
}
