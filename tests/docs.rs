//! The documentation's links and words: every relative link in `README.md` and `docs/*.md`
//! points at a file that exists, and at a heading of it where the link names one (GitHub's
//! anchors); and no page tells the code's history (rounds of experiments, commit hashes), which
//! belongs in the commit messages. Plain std: it reads the pages from the checkout.

use std::collections::HashSet;
use std::fs;
use std::path::{Path, PathBuf};

/// The checkout's root.
fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The pages checked: `README.md` and every Markdown file in `docs/`.
fn pages() -> Vec<PathBuf> {
    let mut pages = vec![root().join("README.md")];
    let docs = fs::read_dir(root().join("docs")).expect("docs/ can be read");
    let mut in_docs: Vec<PathBuf> = docs
        .map(|entry| entry.expect("a docs/ entry can be read").path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "md"))
        .collect();
    in_docs.sort();
    pages.extend(in_docs);
    pages
}

/// A page's path as the failure messages name it: relative to the checkout.
fn shown(page: &Path) -> String {
    page.strip_prefix(root())
        .unwrap_or(page)
        .display()
        .to_string()
}

/// The page's lines outside fenced code blocks, with their line numbers (from 1).
fn prose(text: &str) -> Vec<(usize, &str)> {
    let mut fenced = false;
    let mut lines = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let trimmed = line.trim_start();
        if trimmed.starts_with("```") || trimmed.starts_with("~~~") {
            fenced = !fenced;
        } else if !fenced {
            lines.push((index + 1, line));
        }
    }
    lines
}

/// The line with each inline code span (`` `…` ``) blanked out, so that text quoted as code is
/// never read as a link.
fn without_code(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    let mut in_code = false;
    for c in line.chars() {
        if c == '`' {
            in_code = !in_code;
            out.push(' ');
        } else {
            out.push(if in_code { ' ' } else { c });
        }
    }
    out
}

/// A heading's text, if the line is an ATX heading (`#` to `######` and a space).
fn heading(line: &str) -> Option<&str> {
    let hashes = line.len() - line.trim_start_matches('#').len();
    let rest = &line[hashes..];
    ((1..=6).contains(&hashes) && rest.starts_with(' ')).then(|| rest.trim())
}

/// GitHub's anchor for a heading: lowercase, spaces to `-`, every other character but letters,
/// digits, `-` and `_` dropped.
fn slug(heading: &str) -> String {
    heading
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

/// Every anchor a page's headings give, a repeated heading's with `-1`, `-2`, … as GitHub adds.
fn anchors(text: &str) -> HashSet<String> {
    let mut anchors = HashSet::new();
    for (_, line) in prose(text) {
        if let Some(heading) = heading(line) {
            let base = slug(heading);
            let mut anchor = base.clone();
            let mut repeat = 0;
            while anchors.contains(&anchor) {
                repeat += 1;
                anchor = format!("{base}-{repeat}");
            }
            anchors.insert(anchor);
        }
    }
    anchors
}

/// The targets of a line's links: inline links and images (`[text](target)`,
/// `![alt](target)`) and reference definitions (`[name]: target`).
fn link_targets(line: &str) -> Vec<String> {
    let line = without_code(line);
    let mut targets = Vec::new();
    let trimmed = line.trim_start();
    if trimmed.starts_with('[')
        && let Some(end) = trimmed.find("]:")
        && let Some(target) = trimmed[end + 2..].split_whitespace().next()
    {
        targets.push(target.to_string());
    }
    let mut rest = line.as_str();
    while let Some(start) = rest.find("](") {
        let after = &rest[start + 2..];
        let end = after.find(')').unwrap_or(after.len());
        let target = after[..end].split_whitespace().next().unwrap_or("");
        targets.push(target.trim_matches(['<', '>']).to_string());
        rest = &after[end..];
    }
    targets
}

/// What is wrong with a relative link from `page`, if anything.
fn broken(page: &Path, target: &str) -> Option<String> {
    let (path, fragment) = match target.split_once('#') {
        Some((path, fragment)) => (path, Some(fragment)),
        None => (target, None),
    };
    let file = if path.is_empty() {
        page.to_path_buf()
    } else if let Some(from_root) = path.strip_prefix('/') {
        root().join(from_root)
    } else {
        page.parent().expect("a page is in a folder").join(path)
    };
    if path.is_empty() && fragment.is_none() {
        return Some("the link is empty".into());
    }
    if !file.exists() {
        return Some(format!("{} does not exist", shown(&file)));
    }
    let fragment = fragment?;
    if file.extension().is_none_or(|ext| ext != "md") {
        return Some(format!(
            "#{fragment} names a heading, but {} is not a Markdown page",
            shown(&file)
        ));
    }
    let text = fs::read_to_string(&file).expect("a linked page can be read");
    (!anchors(&text).contains(fragment)).then(|| {
        format!(
            "{} has no heading whose anchor is #{fragment}",
            shown(&file)
        )
    })
}

#[test]
fn every_relative_link_reaches_a_file_and_its_heading() {
    let mut problems = Vec::new();
    for page in pages() {
        let text = fs::read_to_string(&page).expect("a page can be read");
        for (number, line) in prose(&text) {
            for target in link_targets(line) {
                let external = ["http://", "https://", "mailto:"]
                    .iter()
                    .any(|scheme| target.starts_with(scheme));
                if external {
                    continue;
                }
                if let Some(why) = broken(&page, &target) {
                    problems.push(format!("{}:{number}: link ({target}): {why}", shown(&page)));
                }
            }
        }
    }
    assert!(
        problems.is_empty(),
        "broken links in the docs:\n{}",
        problems.join("\n")
    );
}

/// Words that, before "round", make it a round of experiments ("the fourth round", "this
/// round").
fn counts_rounds(word: &str) -> bool {
    const ORDINALS: &str = "first second third fourth fifth sixth seventh eighth ninth tenth \
        eleventh twelfth thirteenth fourteenth fifteenth sixteenth seventeenth eighteenth \
        nineteenth twentieth thirtieth last next previous this that each every latest";
    let last = word.rsplit('-').next().unwrap_or(word);
    let numbered = ["st", "nd", "rd", "th"].iter().any(|end| {
        last.strip_suffix(end)
            .is_some_and(|number| !number.is_empty() && number.chars().all(|c| c.is_ascii_digit()))
    });
    ORDINALS.split_whitespace().any(|ordinal| ordinal == last) || numbered
}

/// Names the docs use that happen to be spelt in hexadecimal digits.
const HEXADECIMAL_NAMES: [&str; 1] = ["ed25519"];

/// Whether a word looks like a commit hash: 7 to 40 hexadecimal digits, with both a digit and a
/// letter among them (so neither a number nor a word such as "defaced"), and not a name.
fn is_commit_hash(word: &str) -> bool {
    !HEXADECIMAL_NAMES.contains(&word.to_lowercase().as_str())
        && (7..=40).contains(&word.len())
        && word.chars().all(|c| c.is_ascii_hexdigit())
        && word.chars().any(|c| c.is_ascii_digit())
        && word.chars().any(|c| c.is_ascii_alphabetic())
}

/// What in a line tells the code's history, if anything.
fn history_in(line: &str) -> Option<String> {
    let lower = line.to_lowercase();
    let words: Vec<&str> = lower
        .split(|c: char| !(c.is_alphanumeric() || c == '-'))
        .filter(|word| !word.is_empty())
        .collect();
    for (index, word) in words.iter().enumerate() {
        let previous = index.checked_sub(1).map(|i| words[i]);
        if *word == "rounds" || (*word == "round" && previous.is_some_and(counts_rounds)) {
            return Some(format!("\"{}\" counts rounds of experiments", word));
        }
        if *word == "round" && heading(line).is_some() {
            return Some("a heading names a round".into());
        }
    }
    line.split(|c: char| !c.is_ascii_alphanumeric())
        .find(|word| is_commit_hash(word))
        .map(|hash| format!("{hash} looks like a commit hash"))
}

#[test]
fn no_page_tells_the_code_history() {
    let mut problems = Vec::new();
    for page in pages() {
        let text = fs::read_to_string(&page).expect("a page can be read");
        for (number, line) in prose(&text) {
            if let Some(why) = history_in(line) {
                problems.push(format!("{}:{number}: {why}: {}", shown(&page), line.trim()));
            }
        }
    }
    assert!(
        problems.is_empty(),
        "the docs tell history (it belongs in the commit messages):\n{}",
        problems.join("\n")
    );
}

#[test]
fn the_checks_read_links_anchors_and_history_as_github_and_git_would() {
    assert_eq!(slug("The engine protocol (UCI)"), "the-engine-protocol-uci");
    assert_eq!(slug("The network (`src/net/`)"), "the-network-srcnet");
    assert_eq!(slug("The window's speed"), "the-windows-speed");
    assert_eq!(
        anchors("# A\n## A\n```\n# not a heading\n```\n"),
        HashSet::from(["a".to_string(), "a-1".to_string()])
    );
    assert_eq!(
        link_targets("see [docs](docs/a.md#b), ![shot](x.png) and `[code](not/a/link)`"),
        ["docs/a.md#b", "x.png"]
    );
    assert_eq!(link_targets("[name]: other.md"), ["other.md"]);
    assert!(history_in("The fourth round made it faster.").is_some());
    assert!(history_in("measured in the twenty-sixth round").is_some());
    assert!(history_in("as the 26th round measured").is_some());
    assert!(history_in("commit 82e043a's engine").is_some());
    assert!(history_in("a turn's round trip, and the camera turns round the board").is_none());
    assert!(history_in("1234567 leaves, and the pieces defaced").is_none());
}
