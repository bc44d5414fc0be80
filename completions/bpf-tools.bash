# bash completion for bpf-lint, bpf-fix and bpf-verify (installed once per command name).
# SPDX-License-Identifier: GPL-2.0-only

_bpf_tools_rules()
{
	bpf-lint --list-rules 2>/dev/null | awk '{print $1}'
}

_bpf_tools()
{
	local cur prev words cword split
	_init_completion -s || return

	case "$prev" in
	-p|-j|--jobs)
		[[ $prev == -p ]] && _filedir -d
		return ;;
	--config|--export-fixes|--stdin-filename)
		_filedir
		return ;;
	esac
	case "$cur" in
	--format=*)
		local fmts="text json sarif markdown"
		[[ $1 == bpf-verify ]] && fmts="table csv json markdown"
		COMPREPLY=($(compgen -W "$fmts" -- "${cur#*=}"))
		return ;;
	--color=*)
		COMPREPLY=($(compgen -W "auto always never" -- "${cur#*=}"))
		return ;;
	--verify=*)
		COMPREPLY=($(compgen -W "model kernel both none" -- "${cur#*=}"))
		return ;;
	--backend=*)
		COMPREPLY=($(compgen -W "kernel model both" -- "${cur#*=}"))
		return ;;
	--explain=*|--rule=*)
		COMPREPLY=($(compgen -W "$(_bpf_tools_rules)" -- "${cur#*=}"))
		return ;;
	esac
	if [[ $cur == -* ]]; then
		COMPREPLY=($(compgen -W "$(_parse_help "$1")" -- "$cur"))
		[[ ${COMPREPLY-} == *= ]] && compopt -o nospace
		return
	fi
	case "$1" in
	bpf-verify) _filedir o ;;
	*)	# --install-git-hook takes no files; --stdin-filename: '-'
		[[ " ${words[*]} " == *" --install-git-hook "* ]] && return
		[[ " ${words[*]} " == *" --stdin-filename"* ]] && COMPREPLY=(-) && return
		_filedir 'c' ;;
	esac
}
complete -F _bpf_tools bpf-lint bpf-fix bpf-verify
