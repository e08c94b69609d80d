//! The detection statistics step on labelled real text: sentences typed here in their
//! language, encoded with the crate's encoders, must rank an encoding that decodes them exactly
//! as the truth does first; and any bytes at all get a sane ranking.

use proptest::prelude::*;
use wtf_enc::detect::{Candidate, Hint, rank_statistics};
use wtf_enc::{DecoderErrorMode, EncoderErrorMode, Encoding};

fn encode(text: &str, encoding: Encoding) -> Vec<u8> {
    let mut bytes = Vec::new();
    let mut encoder = encoding.new_encoder(EncoderErrorMode::Fatal).unwrap();
    let (_, unmappable) = encoder.encode_to_vec(text, &mut bytes, true);
    assert!(
        unmappable.is_none(),
        "{} cannot encode {text:?}",
        encoding.name()
    );
    bytes
}

fn decode(bytes: &[u8], encoding: Encoding) -> Vec<u8> {
    let mut out = Vec::new();
    encoding
        .new_decoder(DecoderErrorMode::Replacement)
        .decode_to_vec(bytes, &mut out, true);
    out
}

/// Asserts that `text` in each of `encodings` ranks first an encoding that decodes it alike.
fn assert_detected(text: &str, encodings: &[Encoding]) {
    for &truth in encodings {
        let bytes = encode(text, truth);
        let ranked = rank_statistics(&bytes, true, None);
        let guess = ranked[0].encoding;
        assert!(
            decode(&bytes, guess) == decode(&bytes, truth),
            "{text:?} in {}: guessed {} ({ranked:?})",
            truth.name(),
            guess.name()
        );
    }
}

use Encoding::*;

#[test]
fn japanese() {
    assert_detected(
        "日本語の文章を正しく判定できるかどうかを確かめます。",
        &[ShiftJis, EucJp],
    );
    assert_detected("ファイルを開けません", &[ShiftJis, EucJp]);
}

#[test]
fn chinese() {
    assert_detected("这是一个用于测试编码检测的简体中文句子。", &[Gbk]);
    assert_detected("這是一個用來測試編碼偵測的繁體中文句子。", &[Big5]);
    assert_detected("无法打开文件", &[Gbk]);
    assert_detected("無法開啟檔案", &[Big5]);
}

#[test]
fn korean() {
    assert_detected(
        "이 문장은 인코딩 감지를 시험하기 위한 한국어 문장입니다.",
        &[EucKr],
    );
    assert_detected("파일을 열 수 없습니다", &[EucKr]);
}

#[test]
fn cyrillic() {
    let russian = "Съешь же ещё этих мягких французских булок, да выпей чаю.";
    assert_detected(
        russian,
        &[Windows1251, Koi8R, Ibm866, Iso8859_5, XMacCyrillic],
    );
    let ukrainian = "Чуєш їх, доцю, га? Кумедна ж ти, прощайся без ґольфів!";
    assert_detected(ukrainian, &[Windows1251, Koi8U]);
    assert_detected("Не удалось открыть файл", &[Windows1251, Koi8R]);
}

#[test]
fn greek_hebrew_arabic_thai() {
    assert_detected(
        "Ξεσκεπάζω την ψυχοφθόρα βδελυγμία.",
        &[Windows1253, Iso8859_7],
    );
    assert_detected(
        "דג סקרן שט בים מאוכזב ולפתע מצא חברה",
        &[Windows1255, Iso8859_8],
    );
    let arabic = "نص حكيم له سر قاطع وذو شأن عظيم مكتوب على ثوب أخضر ومغلف بجلد أزرق";
    assert_detected(arabic, &[Windows1256, Iso8859_6]);
    assert_detected("เป็นมนุษย์สุดประเสริฐเลิศคุณค่า", &[Windows874]);
}

#[test]
fn latin_scripts() {
    assert_detected(
        "Pijamalı hasta yağız şoföre çabucak güvendi.",
        &[Windows1254],
    );
    let polish = "Zażółć gęślą jaźń, pchnąć w tę łódź jeża lub ośm skrzyń fig.";
    assert_detected(polish, &[Windows1250, Iso8859_2]);
    assert_detected(
        "Příliš žluťoučký kůň úpěl ďábelské ódy.",
        &[Windows1250, Iso8859_2],
    );
    let french = "Voix ambiguë d'un cœur qui, au zéphyr, préfère les jattes de kiwis.";
    assert_detected(french, &[Windows1252, Iso8859_15]);
    let german = "Falsches Üben von Xylophonmusik quält jeden größeren Zwerg.";
    assert_detected(german, &[Windows1252, Macintosh]);
    let lithuanian = "Įlinkdama fechtuotojo špaga sublykčiojusi pragręžė apvalų arbūzą.";
    assert_detected(lithuanian, &[Windows1257, Iso8859_13]);
    // Windows-1258 spells most tone marks as combining characters.
    let vietnamese =
        "Tiê\u{301}ng Viê\u{323}t co\u{301} nhiê\u{300}u dâ\u{301}u thanh điê\u{323}u.";
    assert_detected(vietnamese, &[Windows1258]);
}

#[test]
fn a_hint_decides_between_encodings_that_decode_alike() {
    let bytes = encode("Kavárna u nádraží", Windows1250);
    assert_eq!(decode(&bytes, Windows1250), decode(&bytes, Windows1252));
    let hinted = rank_statistics(&bytes, true, Hint::for_tld("cz"));
    assert_eq!(hinted[0].encoding, Windows1250);
    let russian = encode("Не удалось открыть файл", Koi8R);
    let hinted = rank_statistics(&russian, true, Hint::for_language("uk_UA.KOI8-U"));
    assert_eq!(hinted[0].encoding, Koi8U);
}

#[test]
fn encodings_that_decode_alike_are_listed_once_as_the_windows_one() {
    let bytes = encode("Voix ambiguë, préfère les kiwis", Iso8859_15);
    let ranked = rank_statistics(&bytes, true, None);
    assert_eq!(ranked[0].encoding, Windows1252);
    assert!(!ranked.iter().any(|c| c.encoding == Iso8859_15));
}

#[test]
fn gb18030_is_reported_only_for_four_byte_sequences() {
    let text = "简体中文 \u{20AD}"; // U+20AD needs a four-byte sequence
    let mut bytes = Vec::new();
    Gb18030
        .new_encoder(EncoderErrorMode::Fatal)
        .unwrap()
        .encode_to_vec(text, &mut bytes, true);
    assert_eq!(rank_statistics(&bytes, true, None)[0].encoding, Gb18030);
    assert_eq!(
        rank_statistics(&encode("简体中文", Gbk), true, None)[0].encoding,
        Gbk
    );
}

#[test]
fn hints_are_parsed_from_domains_and_locales() {
    assert_eq!(Hint::for_tld(".JP"), Hint::for_tld("jp"));
    assert_eq!(Hint::for_tld("com.tw"), Hint::for_language("zh-TW"));
    assert_eq!(
        Hint::for_language("zh_CN.UTF-8"),
        Hint::for_language("zh-Hans")
    );
    assert_ne!(Hint::for_language("zh-Hant"), Hint::for_language("zh-Hans"));
    assert!(Hint::for_language("ru_RU.KOI8-R").is_some());
    assert_eq!(Hint::for_language("xx-unknown"), None);
    assert_eq!(Hint::for_tld(""), None);
}

#[test]
fn the_model_states_its_source_and_licence() {
    let model = include_str!("../src/detect/statistics/model.rs");
    for needle in [
        "GENERATED by tools/detect-model/train.py",
        "gettext",
        "Licence",
        "GPL",
        "Hold-out",
        "Size:",
    ] {
        assert!(
            model.contains(needle),
            "the model's header lacks {needle:?}"
        );
    }
}

/// The ranking's invariants for any input.
fn assert_sane(ranked: &[Candidate]) {
    assert!(!ranked.is_empty() && ranked.len() <= 5, "{ranked:?}");
    for c in ranked {
        assert!((0.0..=1.0).contains(&c.confidence), "{ranked:?}");
        let excluded = [Replacement, Utf8, Utf16Be, Utf16Le, XUserDefined, Iso2022Jp];
        assert!(!excluded.contains(&c.encoding), "{ranked:?}");
    }
    for w in ranked.windows(2) {
        assert!(w[0].confidence >= w[1].confidence, "{ranked:?}");
    }
}

proptest! {
    #[test]
    fn any_bytes_rank_sanely(bytes in proptest::collection::vec(any::<u8>(), 1..600), complete: bool) {
        let ranked = rank_statistics(&bytes, complete, None);
        assert_sane(&ranked);
        prop_assert_eq!(ranked, rank_statistics(&bytes, complete, None));
    }

    #[test]
    fn high_bytes_rank_sanely(bytes in proptest::collection::vec(0x80u8.., 1..300)) {
        assert_sane(&rank_statistics(&bytes, true, Hint::for_tld("jp")));
    }
}
