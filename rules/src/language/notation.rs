//! The movement notation, in the spirit of Betza's: a piece's moves as a line of atoms, each a
//! capital letter for a basic leap with lower-case modifiers before it and a range or region
//! after it (docs/variant-language.md lists them all).

use std::fmt;

/// What a basic atom does with its leap.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Travel {
    /// Jumps straight to the target (a leaper, or a stepper for one-step leaps).
    Leap,
    /// Repeats the leap over empty squares, up to `range` times (0: without limit).
    Ride,
    /// Jumps to any square of the board (`U`).
    Anywhere,
}

/// One atom of a piece's moves, for the first player (the second player's turn the board
/// half a circle).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Atom {
    /// The (file, rank) leaps it may take, after its direction modifiers.
    pub leaps: Vec<(i8, i8)>,
    /// How it travels.
    pub travel: Travel,
    /// For a rider, the most leaps (0: without limit).
    pub range: u8,
    /// It may move without capturing.
    pub moves: bool,
    /// It may capture.
    pub captures: bool,
    /// `n`: lame, the points between must be empty (for a bent leap, the orthogonal step that
    /// begins it: `nN` is Xiangqi's Horse).
    pub lame: bool,
    /// `t`: a two-step path along the board's lines, the first point of which may be occupied.
    pub along_lines: bool,
    /// `p`: a rider that must hop over exactly one piece to capture the first piece beyond.
    pub hop: bool,
    /// `e`: it only captures en passant, onto the square a double step just passed.
    pub en_passant: bool,
    /// `o`: only while its (royal) piece has not moved.
    pub once: bool,
    /// `k`: not while its side is in check.
    pub not_in_check: bool,
    /// `@region`: only from squares of that region.
    pub from_region: Option<String>,
    /// It captures royal pieces only (a piece's `captures_royal`, as the flying general).
    pub royal_only: bool,
}

/// Why a piece's notation could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotationError(pub String);

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// The basic leap of an atom letter, and whether the letter is a rider of it by itself.
fn basic(letter: char) -> Option<(&'static [(i8, i8)], bool)> {
    const W: &[(i8, i8)] = &[(1, 0)];
    const F: &[(i8, i8)] = &[(1, 1)];
    const K: &[(i8, i8)] = &[(1, 0), (1, 1)];
    Some(match letter {
        'W' => (W, false),
        'F' => (F, false),
        'K' => (K, false),
        'R' => (W, true),
        'B' => (F, true),
        'Q' => (K, true),
        'D' => (&[(2, 0)], false),
        'N' => (&[(2, 1)], false),
        'A' => (&[(2, 2)], false),
        'H' => (&[(3, 0)], false),
        'C' => (&[(3, 1)], false),
        'Z' => (&[(3, 2)], false),
        'G' => (&[(3, 3)], false),
        'U' => (&[], false),
        _ => return None,
    })
}

/// Every symmetric image of the leap (a, b): up to eight (file, rank) offsets.
fn images(a: i8, b: i8) -> Vec<(i8, i8)> {
    let mut out = Vec::new();
    for (x, y) in [(a, b), (b, a)] {
        for (sx, sy) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
            let leap = (x * sx, y * sy);
            if !out.contains(&leap) {
                out.push(leap);
            }
        }
    }
    out
}

/// Whether the offset (df, dr) lies in the direction a modifier letter names: `f` forward, `b`
/// backward, `l` left, `r` right, `s` more sideways than straight, `v` more straight than
/// sideways.
fn in_direction(letter: char, (df, dr): (i8, i8)) -> bool {
    match letter {
        'f' => dr > 0,
        'b' => dr < 0,
        'l' => df < 0,
        'r' => df > 0,
        's' => df.abs() > dr.abs(),
        'v' => dr.abs() > df.abs(),
        _ => false,
    }
}

/// The leaps the direction letters keep: each term a letter, or `f`/`b` followed by another
/// letter meaning both at once where the pair names some leap of the atom (`fl`: forward left)
/// and both apart where it names none (`fs` of `W`: forward and sideways). No letters keep all.
fn directed(all: &[(i8, i8)], letters: &str) -> Vec<(i8, i8)> {
    if letters.is_empty() {
        return all.to_vec();
    }
    let chars: Vec<char> = letters.chars().collect();
    let mut keep = vec![false; all.len()];
    let mut i = 0;
    while i < chars.len() {
        let first = chars[i];
        let pair = chars
            .get(i + 1)
            .filter(|_| matches!(first, 'f' | 'b'))
            .copied();
        let both = |leap: &(i8, i8)| {
            pair.is_some_and(|p| in_direction(first, *leap) && in_direction(p, *leap))
        };
        if pair.is_some() && all.iter().any(both) {
            for (k, leap) in keep.iter_mut().zip(all) {
                *k |= both(leap);
            }
            i += 2;
        } else {
            for (k, leap) in keep.iter_mut().zip(all) {
                *k |= in_direction(first, *leap);
            }
            i += 1;
        }
    }
    all.iter()
        .zip(keep)
        .filter(|(_, k)| *k)
        .map(|(leap, _)| *leap)
        .collect()
}

/// Whether a lame leap has a path: straight along a line, or the knight's bent (2, 1) leap,
/// begun by an orthogonal step along its longer side.
fn lame_leap((df, dr): (i8, i8)) -> bool {
    df == 0
        || dr == 0
        || df.abs() == dr.abs()
        || (df.abs().max(dr.abs()) == 2 && df.abs().min(dr.abs()) == 1)
}

/// The first step of a bent lame leap (see [`lame_leap`]): one orthogonal step along its
/// longer side; `None` for a leap along a line.
pub fn bent_first_step((df, dr): (i8, i8)) -> Option<(i8, i8)> {
    if df == 0 || dr == 0 || df.abs() == dr.abs() {
        return None;
    }
    Some(if df.abs() > dr.abs() {
        (df.signum(), 0)
    } else {
        (0, dr.signum())
    })
}

/// Reads a piece's moves: atoms separated by spaces or written one after another.
pub fn parse(text: &str) -> Result<Vec<Atom>, NotationError> {
    let mut atoms = Vec::new();
    let mut chars = text.chars().peekable();
    while chars.peek().is_some() {
        if chars.next_if(|c| c.is_whitespace()).is_some() {
            continue;
        }
        let mut modifiers = String::new();
        while let Some(c) = chars.next_if(|c| c.is_ascii_lowercase()) {
            modifiers.push(c);
        }
        let Some(letter) = chars.next() else {
            return Err(NotationError(format!(
                "'{modifiers}' modifies no atom at the end"
            )));
        };
        let (leaps, rider) = basic(letter).ok_or_else(|| {
            NotationError(format!(
                "'{letter}' is not an atom (W F D N A H C Z G K R B Q U)"
            ))
        })?;
        let doubled = leaps.len() == 1 && chars.next_if_eq(&letter).is_some();
        let mut digits = String::new();
        while let Some(d) = chars.next_if(|c| c.is_ascii_digit()) {
            digits.push(d);
        }
        let mut from_region = None;
        if chars.next_if_eq(&'@').is_some() {
            let mut name = String::new();
            while let Some(c) = chars.next_if(|c| c.is_ascii_alphanumeric() || *c == '-') {
                name.push(c);
            }
            if name.is_empty() {
                return Err(NotationError(format!("'{letter}@' names no region")));
            }
            from_region = Some(name);
        }
        atoms.push(atom(
            letter,
            leaps,
            rider || doubled,
            &modifiers,
            &digits,
            from_region,
        )?);
    }
    if atoms.is_empty() {
        return Err(NotationError("no moves".to_string()));
    }
    Ok(atoms)
}

/// One atom from its letter's leaps, whether it rides, its modifiers, its range digits and its
/// region.
fn atom(
    letter: char,
    leaps: &[(i8, i8)],
    rides: bool,
    modifiers: &str,
    digits: &str,
    from_region: Option<String>,
) -> Result<Atom, NotationError> {
    let mut directions = String::new();
    let (mut moves, mut captures) = (false, false);
    let mut atom = Atom {
        leaps: Vec::new(),
        travel: if letter == 'U' {
            Travel::Anywhere
        } else if rides || !digits.is_empty() {
            Travel::Ride
        } else {
            Travel::Leap
        },
        range: 0,
        moves: true,
        captures: true,
        lame: false,
        along_lines: false,
        hop: false,
        en_passant: false,
        once: false,
        not_in_check: false,
        from_region,
        royal_only: false,
    };
    for m in modifiers.chars() {
        match m {
            'f' | 'b' | 'l' | 'r' | 's' | 'v' => directions.push(m),
            'm' => moves = true,
            'c' => captures = true,
            'n' => atom.lame = true,
            't' => atom.along_lines = true,
            'p' => atom.hop = true,
            'e' => atom.en_passant = true,
            'o' => atom.once = true,
            'k' => atom.not_in_check = true,
            other => {
                return Err(NotationError(format!(
                    "'{other}' is not a modifier (m c f b l r s v n t p e o k)"
                )));
            }
        }
    }
    if moves || captures {
        atom.moves = moves;
        atom.captures = captures;
    }
    if !digits.is_empty() {
        atom.range = digits
            .parse()
            .ok()
            .filter(|n| *n > 0)
            .ok_or_else(|| NotationError(format!("'{digits}' is not a range")))?;
    }
    let all: Vec<(i8, i8)> = leaps.iter().flat_map(|&(a, b)| images(a, b)).collect();
    atom.leaps = directed(&all, &directions);
    if atom.leaps.is_empty() && atom.travel != Travel::Anywhere {
        return Err(NotationError(format!(
            "'{directions}{letter}' leaves no direction"
        )));
    }
    if atom.lame && atom.travel == Travel::Leap && atom.leaps.iter().any(|l| !lame_leap(*l)) {
        return Err(NotationError(format!(
            "'n{letter}' is lame only along a line or as the knight's (2, 1)"
        )));
    }
    if atom.hop && atom.travel != Travel::Ride {
        return Err(NotationError(format!("'p{letter}' hops only as a rider")));
    }
    if atom.en_passant && !atom.captures {
        return Err(NotationError(format!("'e{letter}' must capture")));
    }
    Ok(atom)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sorted(mut v: Vec<(i8, i8)>) -> Vec<(i8, i8)> {
        v.sort();
        v
    }

    #[test]
    fn direction_pairs_mean_both_or_either() {
        let atoms = parse("mfsW cfF flF").expect("reads");
        assert_eq!(
            sorted(atoms[0].leaps.clone()),
            vec![(-1, 0), (0, 1), (1, 0)]
        );
        assert!(atoms[0].moves && !atoms[0].captures);
        assert_eq!(sorted(atoms[1].leaps.clone()), vec![(-1, 1), (1, 1)]);
        assert_eq!(atoms[2].leaps, vec![(-1, 1)]);
    }

    #[test]
    fn riders_ranges_and_regions() {
        let atoms = parse("Q mfnD@second NN W3").expect("reads");
        assert_eq!(atoms[0].travel, Travel::Ride);
        assert_eq!(atoms[0].leaps.len(), 8);
        assert_eq!(atoms[1].leaps, vec![(0, 2)]);
        assert!(atoms[1].lame);
        assert_eq!(atoms[1].from_region.as_deref(), Some("second"));
        assert_eq!(atoms[2].travel, Travel::Ride);
        assert_eq!((atoms[3].travel, atoms[3].range), (Travel::Ride, 3));
    }

    #[test]
    fn bad_notation_names_the_token() {
        assert!(parse("mfX").unwrap_err().0.contains("'X'"));
        assert!(parse("qW").unwrap_err().0.contains("'q'"));
        assert!(parse("pN").unwrap_err().0.contains("hops only"));
        assert!(parse("nZ").unwrap_err().0.contains("lame only"));
    }
}
