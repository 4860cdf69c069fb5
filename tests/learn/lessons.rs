//! The lessons: every course loads and is checked, each step's task is passed by at least one
//! turn the learner is offered and failed, with an explanation, by at least one other; no slide
//! is offered before the lesson on sliding; bad course files are refused with one line naming
//! the file and the lesson.

use oddboard::curriculum::lessons::{Course, course_ids, load};

#[test]
fn every_variant_but_chess_has_a_course_of_at_least_six_lessons() {
    for id in course_ids() {
        let course = load(id).unwrap_or_else(|e| panic!("{id}: {e}"));
        assert!(
            course.lessons.len() >= 6,
            "{id} has {} lessons",
            course.lessons.len()
        );
    }
}

#[test]
fn every_step_is_passed_by_a_legal_turn_and_failed_by_another_with_a_reason() {
    for id in course_ids() {
        let course = load(id).unwrap_or_else(|e| panic!("{id}: {e}"));
        for (lesson, step, tried) in course.try_every_step().expect("checked positions") {
            let place = format!("{id} `{}` step {step}", lesson.id);
            assert_eq!(tried.problem(), None, "{place}");
            for (turn, why) in &tried.failing {
                assert!(!why.trim().is_empty(), "{place}: {turn} goes unexplained");
            }
        }
    }
}

#[test]
fn amoebas_turns_need_no_slide_until_the_lesson_on_sliding() {
    let course = load("amoeba").expect("the course");
    let first = course
        .lessons
        .iter()
        .position(|l| l.id == "slide")
        .expect("a lesson on sliding");
    assert!(first > 0, "lessons come before it");
    for (index, lesson) in course.lessons.iter().enumerate() {
        let variant = std::sync::Arc::new(lesson.variant("amoeba").expect("the variant"));
        for step in &lesson.steps {
            let game = step.game(&variant).expect("the step's game");
            let turns = course.offered_turns(index, &game);
            let slides = turns.iter().any(|t| t.slide.is_some());
            assert_eq!(slides, index >= first, "`{}`", lesson.id);
            assert_eq!(course.slides_taught(index), index >= first);
        }
    }
}

#[test]
fn a_lesson_that_names_a_piece_the_variant_lacks_is_refused_naming_file_and_lesson() {
    let text = r#"(variant: "fanorona-chess", lessons: [(id: "leap", title: "Leap", steps: [(
        fen: "2k2/5/5/2r2/4n/2R2/5/5/2K2 w - - 0 1", text: "", task: "",
        pass: Moves("Wazir"), otherwise: "No.", done: "Yes.")])])"#;
    let error = Course::parse("assets/lessons/bad.ron", text)
        .unwrap_err()
        .to_string();
    assert!(
        error.contains("assets/lessons/bad.ron: lesson `leap`"),
        "{error}"
    );
    assert!(error.contains("'Wazir' is not a piece"), "{error}");
    assert!(!error.contains('\n'), "{error}");
}

#[test]
fn a_lesson_with_an_illegal_position_is_refused_naming_the_step() {
    let text = r#"(variant: "fanorona-chess", lessons: [(id: "kings", title: "Kings", steps: [(
        fen: "5/5/5/5/5/5/5/5/2K2 w - - 0 1", text: "", task: "",
        pass: Wins, otherwise: "No.", done: "Yes.")])])"#;
    let error = Course::parse("assets/lessons/bad.ron", text)
        .unwrap_err()
        .to_string();
    assert!(error.contains("lesson `kings`: step 1: bad FEN"), "{error}");
}

#[test]
fn a_course_file_that_does_not_parse_is_refused_with_its_line() {
    let error = Course::parse(
        "assets/lessons/bad.ron",
        "(variant: \"amoeba\", lessons: [(",
    )
    .unwrap_err()
    .to_string();
    assert!(error.contains("assets/lessons/bad.ron:1:"), "{error}");
}

#[test]
fn a_course_for_an_unknown_variant_is_refused() {
    let error = Course::parse(
        "assets/lessons/bad.ron",
        r#"(variant: "xiangqi", lessons: [])"#,
    )
    .unwrap_err()
    .to_string();
    assert!(error.contains("unknown variant 'xiangqi'"), "{error}");
}
