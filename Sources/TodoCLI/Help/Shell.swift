/// The shells `todo --completion SHELL` writes a script for. Each script only asks
/// `todo --complete-line` for the words, so what a shell offers is what Tab offers at the
/// prompt, from the same table of commands.
enum Shell: String, CaseIterable, Equatable {
    case bash, zsh, fish

    var completionScript: String {
        switch self {
        case .bash:
            """
            # Tab completion of todo for bash. Load it with: source <(todo --completion bash)
            # or keep it as ~/.local/share/bash-completion/completions/todo
            _todo() {
                local previous=${COMP_WORDS[COMP_CWORD-1]} before=${COMP_WORDS[COMP_CWORD-2]}
                # A file's name, which bash completes from the folder.
                if [[ $previous == --store || $previous == --output || ( $previous == import && $before != help ) ||
                      ( $previous == = && ( $before == --store || $before == --output ) ) ]]; then
                    compopt -o default
                    COMPREPLY=()
                    return
                fi
                local IFS=$'\\n'
                COMPREPLY=($("${COMP_WORDS[0]}" --complete-line "${COMP_LINE:0:COMP_POINT}" 2>/dev/null))
                # bash splits a word at a colon (recur:weekly), and puts a choice in place of the part after it.
                local word=${COMP_LINE:0:COMP_POINT}
                if [[ ${word##*[[:space:]]} == *:* && $COMP_WORDBREAKS == *:* ]]; then
                    COMPREPLY=("${COMPREPLY[@]##*:}")
                fi
            }
            complete -F _todo todo

            """
        case .zsh:
            """
            # Tab completion of todo for zsh. Load it, after compinit, with:
            # source <(todo --completion zsh)
            _todo() {
                if [[ ${words[CURRENT-1]} == (--store|--output) || ( ${words[CURRENT-1]} == import && ${words[CURRENT-2]} != help ) ]]; then
                    _files
                    return
                fi
                local -a choices
                choices=(${(f)"$(${words[1]} --complete-line "${(j: :)words[1,CURRENT]}" 2>/dev/null)"})
                # In any case, as todo reads its words: PRI:h is pri:H.
                compadd -M 'm:{[:lower:][:upper:]}={[:upper:][:lower:]}' -a choices
            }
            compdef _todo todo

            """
        case .fish:
            """
            # Tab completion of todo for fish. Load it with: todo --completion fish | source
            # or keep it as ~/.config/fish/completions/todo.fish
            complete -c todo -f -a '(todo --complete-line (commandline -cp))'
            complete -c todo -l store -r -F
            complete -c todo -l output -r -F
            complete -c todo -n '__fish_seen_subcommand_from import' -F

            """
        }
    }
}
