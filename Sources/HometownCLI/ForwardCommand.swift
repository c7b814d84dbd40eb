import ArgumentParser
import HometownGazetteer

struct ForwardCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "forward",
        abstract: "Find places by name: a point and a box for \"Seattle, WA\".",
        discussion: """
            One query, or suggestions as a name is typed:
              hometown forward "Seattle, WA" [--limit N]
              hometown forward --autocomplete "San Fran" [--limit N]
              prints {"query": "...", "results": [{"name", "kind", "latitude",
              "longitude", "bbox": [west, south, east, north], "population",
              "country": {"name", "iso2"} | null, "state": {"name", "iso"} | null,
              "region": {"name", "iso"} (England, Lombardy; only where the region
              is not one state), "geonameid" (GeoNames id of a city or region),
              "score", "unmatched" (the leading words left unread, "Petco Park" of
              "Petco Park, San Diego, CA"; only for a partial match)}, ...]}, best
              first; kind is country, state, region, city or
              postal_code. A country or state's point lies inside its polygon; its
              bbox may cross 180° (west > east, e.g. Fiji). A city's bbox is a
              square that grows with its population, a postal code's one of 3 km
              around its point. Nonsense gives "results": []; an empty
              query is an error (exit status 2). With --autocomplete the last word
              is the beginning of a word ("Minneap", "San Fran", "Sao Pa"; after
              a comma it begins the name of the place's country, state or region:
              "Paris, T"), larger places first, in every script; names written
              with the accents or special letters typed come before the rest.
              --language LANG names the places, their countries and states in
              that language where the data has names in it (--language ru:
              "Москва", "Россия"); English otherwise.

            A file:  hometown forward --input queries.txt   (- = standard input)
              One query per line (.gz is unpacked); one JSON object per line out,
              in the same order. A blank line, or one that is not UTF-8, gives an
              object with "error" and the run goes on. The input is streamed (flat
              memory; lines piped in are answered as they arrive); --output
              FILE[.gz], --resume and --quiet work as for reverse.

            How a query is read: names right to left, each inside the one to its right
            ("Paris, TX" is in Texas, "San Jose Costa Rica" in Costa Rica); commas are
            optional. Case, accents and punctuation do not matter ("San Jose" = "San
            José"). Aliases, ISO codes, postal abbreviations (WA, BC, NSW, Jal.) and
            outdated names (Bombay, Distrito Federal) match, in every script GeoNames and
            iso-codes give them (Cyrillic, Greek, Arabic, Hebrew, Devanagari, Chinese,
            Japanese, Korean, ...), with or without accents, vowel points and tone marks.
            A place's own name comes before another place's alternate spelling ("Cancun"
            is the Mexican city, not Changchun). A word of 5 or more letters
            may be one letter off; such matches score below 0.5 and below every exact
            match. Ambiguous names list the larger place first. A US ZIP code ("55401",
            "55401-1234"), a Canadian code's first three characters ("M5V 3L9" or "M5V"),
            an Indian PIN ("110001") and the codes of about 90 other countries ("10115",
            "SW1A 1AA", "100-0001", at the city they belong to) are results of kind
            postal_code, alone (a number that is a code in several countries gives each,
            the US first) or after the place that holds them ("Chicago, IL 60614",
            "Toronto, ON M5V 3L9", "10115 Berlin"). Only the first \(Gazetteer.maxQueryCharacters) characters
            of a query are read.

            Exit status: 0 done; 3 done, but some lines got an error or the input
            was cut short; 2 invalid input (message on stderr); 1 data or system
            failure.
            Data: gazetteer.bin from --data, else from $HOMETOWN_DATA, else from
            ../share/hometown beside the program (or from the data folder of the checkout
            it was built in, when run from there).
            """)

    @Argument(help: ArgumentHelp("The place name to look up.", valueName: "TEXT"))
    var text: String?

    @Option(
        name: .shortAndLong,
        help: ArgumentHelp("Read one query per line from FILE (- = standard input).", valueName: "FILE"))
    var input: String?

    @Option(
        help: ArgumentHelp(
            "Suggest places for TEXT as typed so far: its last word begins a word (\"San Fran\").",
            valueName: "TEXT"))
    var autocomplete: String?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("How many results at most (1 to \(Gazetteer.maxLimit)).", valueName: "N"))
    var limit: Int = 5

    @Option(help: LanguageArgument.help)
    var language: LanguageArgument?

    @Option(help: ArgumentHelp("The gazetteer file (gazetteer.bin) to use.", valueName: "PATH"))
    var data: String?

    /// `results` named in `language`, when one was given.
    func named(_ results: [ForwardResult], by gazetteer: Gazetteer) -> [ForwardResult] {
        guard let l = language?.resolve(in: gazetteer) else { return results }
        return results.map { gazetteer.localized($0, in: l) }
    }

    @OptionGroup var batch: BatchOptions

    func run() throws {
        try runReportingErrors {
            guard (1...Gazetteer.maxLimit).contains(limit) else {
                throw CLIError("--limit \(limit) is out of range: use 1 to \(Gazetteer.maxLimit)")
            }
            if let typed = autocomplete {
                guard text == nil, input == nil else {
                    throw CLIError("give --autocomplete TEXT alone, without a place name or --input FILE")
                }
                try BatchOptions.refuseWithoutInput(batch.givenForInputOnly, command: "forward")
                let gazetteer = try Gazetteer(path: data, verify: false)
                do {
                    let results = named(try gazetteer.suggest(typed, limit: limit), by: gazetteer)
                    try CLIOutput.line(ForwardJSON.encode(query: typed, results: results))
                } catch GazetteerError.emptyQuery {
                    throw CLIError(GazetteerError.emptyQuery.description)
                }
                return
            }
            switch (text, input) {
            case (nil, nil): throw CLIError("give a place name or --input FILE; see hometown forward --help")
            case (.some, .some): throw CLIError("give either a place name or --input FILE, not both")
            case (let t?, nil):
                try BatchOptions.refuseWithoutInput(batch.givenForInputOnly, command: "forward")
                let gazetteer = try Gazetteer(path: data, verify: false)
                do {
                    try CLIOutput.line(
                        ForwardJSON.encode(
                            query: t, results: named(try gazetteer.search(t, limit: limit), by: gazetteer)))
                } catch GazetteerError.emptyQuery {
                    throw CLIError(GazetteerError.emptyQuery.description)
                }
            case (nil, let path?):
                let gazetteer = try Gazetteer(path: data, verify: true)
                let stream = try BatchInput(path: path, compression: batch.inputCompression)
                var job = ForwardJob(
                    gazetteer: gazetteer, limit: limit, source: path, language: language?.resolve(in: gazetteer))
                try batch.run(&job, input: stream, csvOutput: false, resumable: true)
            }
        }
    }
}
